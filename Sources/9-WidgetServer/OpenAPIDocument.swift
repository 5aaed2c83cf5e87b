/// The OpenAPI 3.0 description of every route, status and error body, served at
/// `GET /v1/openapi.json` and kept here, in the source, so that a binary always carries the
/// document of its own routes (no resource bundle to ship next to it). `OpenAPIConformanceTests`
/// drives the real server through every route and status and checks each answer is described here;
/// `scripts/api-check` runs schemathesis against a real server from it.
///
/// The unversioned aliases (`/layouts`, `/render/…`) and `/v1/health` answer exactly as their
/// other path does, so the document states each operation once (`canonical`) and `aliases` makes
/// their entries from it (the same entry under the alias path, its `operationId` + "Alias").
enum OpenAPIDocument {
    static let json = withAliases(canonical)

    /// alias path → the path whose entry it repeats.
    static let aliases: [(alias: String, of: String)] = [
        ("/v1/health", "/health"),
        ("/layouts", "/v1/layouts"),
        ("/render/{layout}/{surface}.png", "/v1/render/{layout}/{surface}.png"),
        ("/render", "/v1/render"),
    ]

    /// `text` with an entry for every alias, each right after the entry it copies. The document is
    /// pretty-printed with two-space indents, so a path's entry runs from its `    "/path": {`
    /// line to the next line that is `    }` or `    },`. A path missing from `canonical` stops
    /// the program at once (OpenAPIConformanceTests loads the document, so no build ships it).
    static func withAliases(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (alias, of) in aliases {
            guard let start = lines.firstIndex(of: "    \"\(of)\": {"),
                  let end = lines[start...].firstIndex(where: { $0 == "    }" || $0 == "    }," }) else {
                preconditionFailure("OpenAPIDocument: no entry for \(of), which \(alias) repeats")
            }
            var copy = Array(lines[start...end])
            copy[0] = "    \"\(alias)\": {"
            for i in copy.indices where copy[i].hasPrefix("        \"operationId\": \"") && copy[i].hasSuffix("\",") {
                copy[i] = String(copy[i].dropLast(2)) + "Alias\","
            }
            // The copy takes the original's place in the list (its comma or its lack of one).
            copy[copy.count - 1] = lines[end]
            lines[end] = "    },"
            lines.insert(contentsOf: copy, at: end + 1)
        }
        return lines.joined(separator: "\n")
    }

    /// The document without the aliases' entries.
    static let canonical = #"""
{
  "openapi": "3.0.3",
  "info": {
    "title": "WidgetShot render service",
    "version": "1",
    "description": "Renders iOS widget surfaces (home-screen widgets, lock-screen accessories, Live Activity, Dynamic Island) to PNG from the server's layouts. The routes live under /v1; the unversioned paths (/layouts, /render/…) are aliases kept for existing clients and answer exactly the same. /health stays at the root for probes. Every error is JSON: {\"error\": \"…\", \"field\": \"…\"}. Access control is optional: with no token and no signing key configured every route is open; with either, every route but /health, /v1/health and /v1/openapi.json (and /metrics unless --protect-metrics) needs a bearer token or, on GET, a signed URL, which opens the routes of its scope only (render unless its signed scope parameter says layouts or gallery too). A path is read percent-decoded, segment by segment, as a signature reads it (a malformed escape is 400). Any method a path does not take is answered 405 with Allow, and so is CONNECT; a request line with headers over 16 KB 431; headers or body sent too slowly 408; every connection answering a request (an idle one is closed to make room) 503. An HTTP/1.0 request without Connection: keep-alive, or any request with Connection: close, ends its connection after the answer."
  },
  "servers": [
    {
      "url": "/"
    }
  ],
  "tags": [
    {
      "name": "render"
    },
    {
      "name": "service"
    }
  ],
  "paths": {
    "/health": {
      "get": {
        "summary": "Liveness and readiness: always open, never renders.",
        "tags": [
          "service"
        ],
        "security": [],
        "responses": {
          "200": {
            "description": "The server is up.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Health"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "408": {
            "$ref": "#/components/responses/RequestTimeout"
          },
          "431": {
            "$ref": "#/components/responses/HeadersTooLarge"
          },
          "503": {
            "$ref": "#/components/responses/Unavailable"
          }
        }
      }
    },
    "/v1/openapi.json": {
      "get": {
        "summary": "This document.",
        "tags": [
          "service"
        ],
        "security": [],
        "responses": {
          "200": {
            "description": "OpenAPI 3.0 document.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "408": {
            "$ref": "#/components/responses/RequestTimeout"
          },
          "431": {
            "$ref": "#/components/responses/HeadersTooLarge"
          },
          "503": {
            "$ref": "#/components/responses/Unavailable"
          }
        }
      }
    },
    "/metrics": {
      "get": {
        "summary": "Prometheus text format. Open unless the server runs with --protect-metrics.",
        "tags": [
          "service"
        ],
        "security": [
          {},
          {
            "bearer": []
          }
        ],
        "responses": {
          "200": {
            "description": "Metrics.",
            "content": {
              "text/plain": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "408": {
            "$ref": "#/components/responses/RequestTimeout"
          },
          "431": {
            "$ref": "#/components/responses/HeadersTooLarge"
          },
          "503": {
            "$ref": "#/components/responses/Unavailable"
          }
        }
      }
    },
    "/v1/layouts": {
      "get": {
        "operationId": "listLayouts",
        "summary": "Every layout's surfaces and previews; every device and its surfaces. A signed URL opens it only when signed with scope=layouts.",
        "tags": [
          "render"
        ],
        "security": [
          {},
          {
            "bearer": []
          },
          {
            "signedURL": []
          }
        ],
        "responses": {
          "200": {
            "description": "The listing.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Listing"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "408": {
            "$ref": "#/components/responses/RequestTimeout"
          },
          "431": {
            "$ref": "#/components/responses/HeadersTooLarge"
          },
          "503": {
            "$ref": "#/components/responses/Unavailable"
          }
        }
      }
    },
    "/v1/render/{layout}/{surface}.png": {
      "get": {
        "operationId": "renderPreview",
        "tags": [
          "render"
        ],
        "security": [
          {},
          {
            "bearer": []
          },
          {
            "signedURL": []
          }
        ],
        "summary": "A preview of a layout on a surface as PNG: a pure function of the URL, so it may be cached.",
        "parameters": [
          {
            "name": "layout",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            },
            "example": "delivery",
            "description": "A layout name (GET /v1/layouts), e.g. delivery."
          },
          {
            "name": "surface",
            "in": "path",
            "required": true,
            "schema": {
              "$ref": "#/components/schemas/Surface"
            },
            "example": "systemMedium",
            "description": "A surface the layout has a view for."
          },
          {
            "name": "preview",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            },
            "description": "A preview of the layout; the first one when absent."
          },
          {
            "name": "scheme",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "enum": [
                "light",
                "dark"
              ]
            },
            "description": "Color scheme; light when absent."
          },
          {
            "name": "scale",
            "in": "query",
            "required": false,
            "schema": {
              "type": "number",
              "minimum": 0.25,
              "maximum": 4
            },
            "description": "Pixels per point; the device's when absent."
          },
          {
            "name": "device",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            },
            "description": "A device id (GET /v1/layouts lists them)."
          },
          {
            "name": "locale",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "pattern": "^[A-Za-z][A-Za-z0-9_-]{0,34}$"
            },
            "description": "A language code such as ko or en-US."
          },
          {
            "name": "now",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "format": "date-time"
            },
            "description": "The render's clock, ISO 8601 with a time zone; the preview's own when absent."
          },
          {
            "name": "ios",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "enum": [
                "18",
                "26"
              ]
            },
            "description": "The iOS generation: its widget size table (18: Apple's HIG table; 26: measured on iOS 26) and system colors. The device's own when absent (26 for iphone17, iphone17pro, iphone17promax, iphoneair; else 18)."
          },
          {
            "name": "placeholder",
            "in": "query",
            "required": false,
            "schema": {
              "type": "boolean"
            },
            "description": "Render the loading placeholder."
          },
          {
            "name": "mode",
            "in": "query",
            "required": false,
            "schema": {
              "$ref": "#/components/schemas/RenderingMode"
            },
            "description": "The widget rendering mode; the surface's default when absent (systemSmall/Medium/Large/ExtraLarge: fullColor or accented; accessories: vibrant; standBy: fullColor or vibrant, StandBy's red night mode; lockScreen and the island: fullColor). A mode the surface does not have is a 422 naming both."
          },
          {
            "name": "control",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            },
            "description": "Control surfaces (controlSmall, controlMedium, controlLarge, controlLockScreen): the id of one of the layout's controls; the first when absent. Any other surface answers 400 when it is given."
          },
          {
            "name": "controlState",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "enum": [
                "on",
                "off"
              ]
            },
            "description": "A control surface showing a toggle: its state, on when absent. A button or any other surface answers 400 when it is given."
          },
          {
            "name": "expires",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer"
            },
            "description": "Signed URLs: unix seconds after which the signature is refused (403)."
          },
          {
            "name": "sig",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "pattern": "^[A-Za-z0-9_-]+$"
            },
            "description": "Signed URLs: base64url HMAC-SHA256 over the path and the sorted query without sig (widgetshot sign makes one)."
          },
          {
            "name": "scope",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "pattern": "^(render|layouts|gallery)(,(render|layouts|gallery))*$"
            },
            "description": "Signed URLs: the route families the signature opens, comma-separated (covered by sig); render when absent."
          }
        ],
        "responses": {
          "200": {
            "description": "The PNG.",
            "headers": {
              "ETag": {
                "$ref": "#/components/headers/ETag"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/CacheControl"
              },
              "X-Render-Cache": {
                "$ref": "#/components/headers/RenderCache"
              }
            },
            "content": {
              "image/png": {
                "schema": {
                  "type": "string",
                  "format": "binary"
                }
              }
            }
          },
          "304": {
            "description": "If-None-Match matched the ETag (a hash of every input): no body, no render.",
            "headers": {
              "ETag": {
                "$ref": "#/components/headers/ETag"
              },
              "Cache-Control": {
                "$ref": "#/components/headers/CacheControl"
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "422": {
            "$ref": "#/components/responses/Unprocessable"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "408": {
            "$ref": "#/components/responses/RequestTimeout"
          },
          "431": {
            "$ref": "#/components/responses/HeadersTooLarge"
          },
          "503": {
            "$ref": "#/components/responses/Unavailable"
          }
        }
      }
    },
    "/v1/live-activity/preview": {
      "post": {
        "operationId": "previewLiveActivityPush",
        "tags": [
          "live-activity"
        ],
        "security": [
          {},
          {
            "bearer": []
          }
        ],
        "summary": "Validate an ActivityKit push payload (or a JSON array of them) as APNs would and render it as the phone shows it: the Lock Screen banner, StandBy, every island presentation, the alert.",
        "parameters": [
          {
            "name": "layout",
            "in": "query",
            "required": true,
            "description": "The layout the Live Activity uses, e.g. delivery.",
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "surface",
            "in": "query",
            "required": false,
            "description": "One presentation as image/png: lockScreen, standBy, islandCompact, islandMinimal, islandExpanded, alert. Without it: JSON with every presentation.",
            "schema": {
              "type": "string",
              "enum": [
                "lockScreen",
                "standBy",
                "islandCompact",
                "islandMinimal",
                "islandExpanded",
                "alert"
              ]
            }
          },
          {
            "name": "device",
            "in": "query",
            "required": false,
            "description": "A device profile id, e.g. iphone15pro.",
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "scale",
            "in": "query",
            "required": false,
            "description": "Pixels per point, 0.25 to 4.",
            "schema": {
              "type": "number",
              "minimum": 0.25,
              "maximum": 4
            }
          },
          {
            "name": "scheme",
            "in": "query",
            "required": false,
            "description": "light or dark.",
            "schema": {
              "type": "string",
              "enum": [
                "light",
                "dark"
              ]
            }
          },
          {
            "name": "locale",
            "in": "query",
            "required": false,
            "description": "A language code such as ko or en.",
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "now",
            "in": "query",
            "required": false,
            "description": "ISO 8601 with an offset; default: the push's aps.timestamp.",
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "attributes",
            "in": "query",
            "required": false,
            "description": "The activity's static attributes, a JSON object (for update and end pushes).",
            "schema": {
              "type": "string"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "description": "The payload exactly as sent to APNs (its bytes count for the 4,096-byte limit), or an array of payloads in order.",
                "oneOf": [
                  {
                    "type": "object"
                  },
                  {
                    "type": "array",
                    "items": {
                      "type": "object"
                    }
                  }
                ]
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The presentation as PNG (with surface), or the validation report with every presentation as base64 PNG.",
            "content": {
              "image/png": {
                "schema": {
                  "type": "string",
                  "format": "binary"
                }
              },
              "application/json": {
                "schema": {
                  "type": "object"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "408": {
            "$ref": "#/components/responses/RequestTimeout"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "422": {
            "description": "A push breaks a rule (field: the key path, e.g. aps.content-state), with the whole validation report; or a presentation the device or push lacks.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "431": {
            "$ref": "#/components/responses/HeadersTooLarge"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          },
          "503": {
            "$ref": "#/components/responses/Unavailable"
          }
        }
      }
    },
    "/v1/render": {
      "post": {
        "operationId": "renderData",
        "tags": [
          "render"
        ],
        "security": [
          {},
          {
            "bearer": []
          }
        ],
        "summary": "Bind JSON data (or a preview) and render it as PNG. Signed URLs are not accepted here (the body is not signed): with access control on, send a token.",
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/RenderBody"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The PNG.",
            "headers": {
              "ETag": {
                "$ref": "#/components/headers/ETag"
              },
              "X-Render-Cache": {
                "$ref": "#/components/headers/RenderCache"
              }
            },
            "content": {
              "image/png": {
                "schema": {
                  "type": "string",
                  "format": "binary"
                }
              }
            }
          },
          "412": {
            "description": "If-None-Match matched the ETag (a hash of every input): nothing rendered. A POST is answered 412, not 304 (RFC 9110 §13.1.2: 304 is for GET and HEAD only); field is If-None-Match.",
            "headers": {
              "ETag": {
                "$ref": "#/components/headers/ETag"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "422": {
            "$ref": "#/components/responses/Unprocessable"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "408": {
            "$ref": "#/components/responses/RequestTimeout"
          },
          "431": {
            "$ref": "#/components/responses/HeadersTooLarge"
          },
          "503": {
            "$ref": "#/components/responses/Unavailable"
          }
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "bearer": {
        "type": "http",
        "scheme": "bearer",
        "description": "serve --token / --token-file / WIDGETSHOT_TOKEN."
      },
      "signedURL": {
        "type": "apiKey",
        "in": "query",
        "name": "sig",
        "description": "HMAC-SHA256 signed URL with expires= (serve --signing-key; widgetshot sign URL). It opens the render routes, or the families its signed scope= names (render, layouts, gallery)."
      }
    },
    "headers": {
      "ETag": {
        "description": "A strong validator; send it back in If-None-Match.",
        "schema": {
          "type": "string"
        }
      },
      "RenderCache": {
        "description": "hit, miss or coalesced: how the server found the PNG (servers with a response cache).",
        "schema": {
          "type": "string"
        }
      },
      "CacheControl": {
        "description": "How long a cache may keep the answer (immutable for a year when the URL pins preview and now, else a short max-age); private (never a shared cache) when the request was authorized by a bearer token.",
        "schema": {
          "type": "string"
        }
      },
      "RetryAfter": {
        "description": "Seconds to wait before trying again.",
        "schema": {
          "type": "integer"
        }
      },
      "Allow": {
        "description": "The methods the path takes.",
        "schema": {
          "type": "string"
        }
      },
      "WWWAuthenticate": {
        "description": "Bearer realm=\"widgetshot\" (with error=\"invalid_token\" for a wrong token).",
        "schema": {
          "type": "string"
        }
      }
    },
    "responses": {
      "BadRequest": {
        "description": "A bad value (scale=abc, scheme=blue, an unknown parameter, a malformed JSON body) or a malformed request; field names it.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Unauthorized": {
        "description": "Access control is on and the request has no credentials, a malformed Authorization header, or a token that is not accepted.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        },
        "headers": {
          "WWW-Authenticate": {
            "$ref": "#/components/headers/WWWAuthenticate"
          }
        }
      },
      "Forbidden": {
        "description": "The URL is signed but the signature is wrong, malformed, expired or not for this route's family; error says which (field: sig, expires or scope).",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "NotFound": {
        "description": "An unknown layout, surface, preview or device (field names it).",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "MethodNotAllowed": {
        "description": "The path does not take this method (every other method on the path gets this answer, and CONNECT on any path).",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        },
        "headers": {
          "Allow": {
            "$ref": "#/components/headers/Allow"
          }
        }
      },
      "RequestTimeout": {
        "description": "The request line and headers, or the body, came too slowly.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "TooLarge": {
        "description": "The body is over the limit (1 MB by default).",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Unprocessable": {
        "description": "A surface the device lacks (islandCompact on iphonese), or a layout that does not bind.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "TooManyRequests": {
        "description": "Every render thread and queue place is taken.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        },
        "headers": {
          "Retry-After": {
            "$ref": "#/components/headers/RetryAfter"
          }
        }
      },
      "HeadersTooLarge": {
        "description": "The request line and headers are over the limit (16 KB by default).",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Internal": {
        "description": "The PNG could not be encoded.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Unavailable": {
        "description": "A render past the render deadline, or every open connection answering a request (Retry-After).",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      }
    },
    "schemas": {
      "Error": {
        "type": "object",
        "required": [
          "error"
        ],
        "properties": {
          "error": {
            "type": "string",
            "description": "What is wrong, in words."
          },
          "field": {
            "type": "string",
            "description": "The parameter, body key or header at fault, when one is."
          }
        }
      },
      "Health": {
        "type": "object",
        "required": [
          "status"
        ],
        "properties": {
          "status": {
            "type": "string",
            "enum": [
              "ok"
            ]
          }
        }
      },
      "Surface": {
        "type": "string",
        "enum": [
          "systemSmall",
          "systemMedium",
          "systemLarge",
          "systemExtraLarge",
          "accessoryCircular",
          "accessoryRectangular",
          "accessoryInline",
          "lockScreen",
          "standBy",
          "islandCompact",
          "islandMinimal",
          "islandExpanded",
          "activitySmall",
          "controlSmall",
          "controlMedium",
          "controlLarge",
          "controlLockScreen"
        ]
      },
      "Listing": {
        "type": "object",
        "required": [
          "layouts",
          "devices"
        ],
        "properties": {
          "layouts": {
            "type": "array",
            "items": {
              "type": "object",
              "required": [
                "name",
                "surfaces",
                "previews",
                "controls"
              ],
              "properties": {
                "name": {
                  "type": "string"
                },
                "controls": {
                  "type": "array",
                  "description": "The layout's controls (its controls: section): the ids control= takes on the control surfaces.",
                  "items": {
                    "type": "object",
                    "required": [
                      "id",
                      "kind"
                    ],
                    "properties": {
                      "id": {
                        "type": "string"
                      },
                      "kind": {
                        "type": "string",
                        "enum": [
                          "button",
                          "toggle"
                        ]
                      }
                    }
                  }
                },
                "surfaces": {
                  "type": "array",
                  "items": {
                    "type": "string"
                  }
                },
                "previews": {
                  "type": "array",
                  "items": {
                    "type": "string"
                  }
                }
              }
            }
          },
          "devices": {
            "type": "array",
            "items": {
              "type": "object",
              "required": [
                "id",
                "name",
                "scale",
                "surfaces"
              ],
              "properties": {
                "id": {
                  "type": "string"
                },
                "name": {
                  "type": "string"
                },
                "scale": {
                  "type": "number"
                },
                "surfaces": {
                  "type": "array",
                  "items": {
                    "type": "string"
                  }
                }
              }
            }
          }
        }
      },
      "RenderBody": {
        "type": "object",
        "required": [
          "layout",
          "surface"
        ],
        "additionalProperties": false,
        "example": {
          "layout": "delivery",
          "surface": "lockScreen",
          "preview": "onTheWay",
          "scheme": "dark",
          "scale": 2
        },
        "properties": {
          "layout": {
            "type": "string",
            "description": "A layout name."
          },
          "surface": {
            "$ref": "#/components/schemas/Surface"
          },
          "data": {
            "type": "object",
            "description": "The data to bind (an order, a content-state). Give data or preview, not both.",
            "additionalProperties": true
          },
          "preview": {
            "type": "string",
            "description": "A preview of the layout; the first one when neither data nor preview is given."
          },
          "scheme": {
            "type": "string",
            "enum": [
              "light",
              "dark"
            ]
          },
          "scale": {
            "type": "number",
            "minimum": 0.25,
            "maximum": 4
          },
          "device": {
            "type": "string"
          },
          "locale": {
            "type": "string"
          },
          "now": {
            "type": "string",
            "format": "date-time"
          },
          "ios": {
            "type": "integer",
            "enum": [
              18,
              26
            ],
            "description": "The iOS generation (widget sizes and system colors); the device's own when absent. \"18\" and \"26\" as strings are taken too."
          },
          "placeholder": {
            "type": "boolean"
          },
          "mode": {
            "$ref": "#/components/schemas/RenderingMode"
          },
          "control": {
            "type": "string",
            "description": "Control surfaces: the id of one of the layout's controls (the first when absent)."
          },
          "controlState": {
            "type": "string",
            "enum": [
              "on",
              "off"
            ],
            "description": "A control surface showing a toggle: on (default) or off."
          }
        }
      },
      "RenderingMode": {
        "type": "string",
        "enum": [
          "fullColor",
          "accented",
          "vibrant"
        ],
        "description": "fullColor: colors as written. accented: the tinted Home Screen (container background removed; every view drawn white with its own alpha; widgetAccentable views form the accent group). vibrant: Lock Screen accessories desaturated; on standBy, night mode in red."
      }
    }
  }
}
"""#
}
