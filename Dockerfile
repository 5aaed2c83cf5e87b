# WidgetShot images, built with the Swift image and run on a slim Debian with only the libraries
# the binary links (each runtime list below is checked against `ldd`/`readelf` of the built
# binaries by Tests/CLITests/DeployFilesTests.swift).
#
# The render service (the last stage, the default target):
#   docker build -t widgetshot .
#   docker run --rm -p 8080:8080 widgetshot
#   curl -o small.png http://127.0.0.1:8080/v1/render/delivery/systemSmall.png
# Every `serve` option can be set with its environment variable (widgetshot serve --help),
# e.g. -e WIDGETSHOT_TOKEN_FILE=/run/secrets/tokens -e WIDGETSHOT_WORKERS=2.
#
# The command line, for recording and verifying goldens on a Mac or in CI with the same
# libraries and fonts (docs/macos.md); it runs as the caller's uid:
#   docker build --target cli -t widgetshot-cli --build-arg WIDGETSHOT_COMMIT=$(git rev-parse --short=12 HEAD) .
#   docker run --rm -u "$(id -u):$(id -g)" -v "$PWD":/w -w /w widgetshot-cli record
#   docker run --rm -u "$(id -u):$(id -g)" -v "$PWD":/w -w /w widgetshot-cli verify
# `--target cli-swift` is the same command line on the Swift image, for projects with `swift:`
# folders (a team's widget code is compiled against share/widgetshot/package).

# ---- build ----
FROM swift:6.3.1-bookworm AS build
RUN export DEBIAN_FRONTEND=noninteractive \
 && apt-get update -q \
 && apt-get install -y -q --no-install-recommends \
      pkg-config libcairo2-dev libpango1.0-dev libfontconfig-dev libpng-dev libdeflate-dev librsvg2-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Dependencies first, so a source change does not fetch them again.
COPY Package.swift ./
RUN swift package resolve
COPY Sources ./Sources
COPY Tests ./Tests
# The Swift runtime and Foundation go into the binary (no Swift libraries in the run image);
# stripped, it is about 77 MB (137 MB with symbols).
RUN swift build -c release --static-swift-stdlib --product widgetshot \
 && install -D -m 0755 "$(swift build -c release --show-bin-path)/widgetshot" /out/widgetshot \
 && strip /out/widgetshot

# ---- the release layout: what the tarball holds (scripts/dist), for the command-line images ----
FROM build AS dist
# The importer links swift-syntax: about 5 more minutes on two cores in release mode (docs/release.md).
RUN swift build -c release --static-swift-stdlib --product widgetshot-import
COPY Fonts ./Fonts
COPY LICENSE README.md CHANGELOG.md ./
COPY docs/project.md docs/release.md ./docs/
COPY scripts/dist ./scripts/dist
# The commit --version names (0.7.0-dev+COMMIT); the build context has no .git.
ARG WIDGETSHOT_COMMIT=""
RUN bin="$(swift build -c release --show-bin-path)" \
 && bash scripts/dist --binary "$bin/widgetshot" --importer "$bin/widgetshot-import" \
      ${WIDGETSHOT_COMMIT:+--commit "$WIDGETSHOT_COMMIT"} --out /dist --no-tar \
 && mv /dist/widgetshot-*-linux-* /dist/widgetshot

# ---- runtime: the libraries, shared by the command line and the service ----
FROM debian:bookworm-slim AS runtime
# Exactly the Debian packages owning the shared libraries widgetshot links (libc6, libstdc++6
# and libgcc-s1 are part of debian:bookworm-slim already).
RUN export DEBIAN_FRONTEND=noninteractive \
 && apt-get update -q \
 && apt-get install -y -q --no-install-recommends \
      libcairo2 \
      libdeflate0 \
      libfontconfig1 \
      libfreetype6 \
      libgdk-pixbuf-2.0-0 \
      libglib2.0-0 \
      libharfbuzz0b \
      libpango-1.0-0 \
      libpangocairo-1.0-0 \
      libpangoft2-1.0-0 \
      libpixman-1-0 \
      libpng16-16 \
      librsvg2-2 \
 && rm -rf /var/lib/apt/lists/*

# ---- cli: `widgetshot` on the project in the working directory ----
FROM runtime AS cli
# The tarball's tree under /usr/local: bin/widgetshot, bin/widgetshot-import,
# share/widgetshot/{Fonts,package,schema}, share/doc/widgetshot. The fonts are found beside bin/.
COPY --from=dist /dist/widgetshot/ /usr/local/
# Any uid may run it (docker run -u "$(id -u):$(id -g)"): nothing is written outside the mounted
# project but caches under HOME, which every uid can write.
ENV HOME=/tmp
USER 10001:10001
WORKDIR /w
ENTRYPOINT ["/usr/local/bin/widgetshot"]
CMD ["--help"]

# ---- cli-swift: the same, on the Swift toolchain, for `swift:` folders in widgetshot.yaml ----
FROM swift:6.3.1-bookworm AS cli-swift
# A team's widget code is built against WidgetShot's modules, which need the -dev packages the
# build stage has (the same list: DeployFilesTests).
RUN export DEBIAN_FRONTEND=noninteractive \
 && apt-get update -q \
 && apt-get install -y -q --no-install-recommends \
      pkg-config libcairo2-dev libpango1.0-dev libfontconfig-dev libpng-dev libdeflate-dev librsvg2-dev \
 && rm -rf /var/lib/apt/lists/*
COPY --from=dist /dist/widgetshot/ /usr/local/
ENV HOME=/tmp
USER 10001:10001
WORKDIR /w
ENTRYPOINT ["/usr/local/bin/widgetshot"]
CMD ["--help"]

# ---- server: the render service (the default target) ----
FROM runtime AS server
RUN useradd --system --uid 10001 --user-group --home-dir /srv/widgetshot --no-create-home widgetshot
COPY --from=build /out/widgetshot /usr/local/bin/widgetshot
# The project folder: layouts and the bundled fonts (the renderer never uses system fonts).
# Mount another folder over /srv/widgetshot (or set WIDGETSHOT_HOME) to serve other layouts.
COPY Layouts /srv/widgetshot/Layouts
# The fonts' licences travel in Fonts/licenses/, WidgetShot's beside them.
COPY Fonts /srv/widgetshot/Fonts
COPY LICENSE /srv/widgetshot/LICENSE
ENV WIDGETSHOT_HOME=/srv/widgetshot \
    WIDGETSHOT_HOST=0.0.0.0 \
    WIDGETSHOT_PORT=8080 \
    HOME=/tmp
USER 10001:10001
WORKDIR /srv/widgetshot
EXPOSE 8080
# No curl in the image: bash's /dev/tcp asks /health for its 200.
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${WIDGETSHOT_PORT:-8080} && printf 'GET /health HTTP/1.0\\r\\n\\r\\n' >&3 && head -n1 <&3 | grep -q ' 200 '"]
# SIGTERM lets requests in flight finish (WIDGETSHOT_SHUTDOWN_DEADLINE), then exits.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/widgetshot", "serve"]
