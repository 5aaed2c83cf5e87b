#!/usr/bin/env python3
"""Validates layout files against layout.schema.json with the real `jsonschema` package.

    python3 Layouts/schema/check.py FILE...          # exit 0 when every file is valid, 1 otherwise
    python3 Layouts/schema/check.py --expect-invalid FILE...   # exit 0 when every file is rejected

YAML is read as YAML 1.2 reads it (as WidgetShot's Yams does): timestamps stay strings and only
true/false are booleans. Needs PyYAML and jsonschema (pip install pyyaml jsonschema); without them it
exits 77 with a message. Used by SchemaTests (swift test) and by hand.
"""
import json, os, re, sys

try:
    import yaml
    import jsonschema
except ImportError as e:  # pragma: no cover
    print(f"check.py needs PyYAML and jsonschema: {e} (pip install pyyaml jsonschema)", file=sys.stderr)
    sys.exit(77)


class Yaml12Loader(yaml.SafeLoader):
    pass


# YAML 1.2 core schema: no timestamps, no yes/no/on/off booleans, no sexagesimal numbers.
Yaml12Loader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag not in ("tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:bool")]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
Yaml12Loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
                                   list("tTfF"))


def main(argv):
    expect_invalid = "--expect-invalid" in argv
    files = [a for a in argv if not a.startswith("--")]
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "layout.schema.json")) as f:
        schema = json.load(f)
    validator = jsonschema.Draft7Validator(schema)
    failed = 0
    for path in files:
        with open(path) as f:
            doc = yaml.load(f, Loader=Yaml12Loader)
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
        if expect_invalid:
            if errors:
                print(f"rejected {path}: {'/'.join(map(str, errors[0].absolute_path))}: {errors[0].message[:200]}")
            else:
                print(f"NOT rejected {path}")
                failed += 1
        else:
            if errors:
                failed += 1
                for e in errors[:5]:
                    where = "/".join(map(str, e.absolute_path)) or "(top)"
                    print(f"{path}: {where}: {e.message[:300]}")
            else:
                print(f"valid {path}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
