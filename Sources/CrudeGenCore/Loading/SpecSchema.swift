// swift-format-ignore-file
// Generated from Schemas/crudegen-spec.schema.json by `CRUDEGEN_RECORD=1 swift test`. Do not edit.

/// The JSON Schema of the spec language, compiled in so that `crudegen schema` works from a copied binary.
public enum SpecSchema {
    /// The schema's JSON text, as in `Schemas/crudegen-spec.schema.json`.
    public static let json = #"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "title": "crudegen spec",
  "description": "A crudegen spec: one REST API described in YAML (docs/spec.md). Keys starting with x- are ignored everywhere a fixed set of keys is expected.",
  "type": "object",
  "required": ["api"],
  "properties": {
    "api": { "$ref": "#/definitions/api" },
    "uses": {
      "description": "Specs whose models, enums, unions, resources and transforms this spec's fields may name, generated once by the target that declares them: a target's name (its spec in the folder of that name beside this spec's), or { spec, module }.",
      "type": "array",
      "items": { "$ref": "#/definitions/useDeclaration" }
    },
    "enums": {
      "description": "Enums that keep values they do not list: name → a list of raw values, or { cases, type, description }.",
      "type": "object",
      "additionalProperties": { "$ref": "#/definitions/enumDeclaration" }
    },
    "unions": {
      "description": "Values of one of several types (OpenAPI's oneOf and anyOf): name → a list of the variants' types, or { discriminator, variants, description }.",
      "type": "object",
      "additionalProperties": { "$ref": "#/definitions/unionDeclaration" }
    },
    "models": {
      "description": "Plain data types: name → { description, fields }.",
      "type": "object",
      "additionalProperties": { "$ref": "#/definitions/model" }
    },
    "resources": {
      "description": "Data types with a REST path and operations.",
      "type": "object",
      "additionalProperties": { "$ref": "#/definitions/resource" }
    },
    "transforms": {
      "description": "Named date formats ({ date_format }) and transforms implemented in Swift ({ type, swift }).",
      "type": "object",
      "additionalProperties": { "$ref": "#/definitions/transform" }
    },
    "actions": {
      "description": "API-wide calls beyond CRUD, generated as static functions on the API enum.",
      "type": "object",
      "additionalProperties": { "$ref": "#/definitions/action" }
    }
  },
  "patternProperties": { "^x-": {} },
  "additionalProperties": false,
  "definitions": {
    "useDeclaration": {
      "oneOf": [
        { "description": "A target of the package, whose one spec is in the folder of that name beside this spec's folder.", "type": "string" },
        { "$ref": "#/definitions/use" }
      ]
    },
    "use": {
      "description": "A spec by its path.",
      "type": "object",
      "required": ["spec"],
      "properties": {
        "spec": { "description": "The used spec's path, relative to this spec's folder.", "type": "string" },
        "module": { "description": "The module generated from it, when it is not the name of the folder holding it.", "type": "string" }
      },
      "patternProperties": { "^x-": {} },
      "additionalProperties": false
    },
    "scalar": {
      "description": "A single YAML value.",
      "type": ["string", "number", "boolean"]
    },
    "text": {
      "type": "string",
      "minLength": 1
    },
    "typeExpression": {
      "description": "A type as in Swift: String, Int?, [Person], \"[String: Double]\". Quote types YAML would misread.",
      "anyOf": [
        { "type": "string", "minLength": 1 },
        {
          "description": "The unquoted YAML list [String]: an array of one element type.",
          "type": "array",
          "minItems": 1,
          "maxItems": 1,
          "items": { "$ref": "#/definitions/typeExpression" }
        },
        {
          "description": "{ String: Int }: a dictionary with string keys.",
          "type": "object",
          "required": ["String"],
          "propertyNames": { "const": "String" },
          "properties": { "String": { "$ref": "#/definitions/typeExpression" } }
        }
      ]
    },
    "cachePolicy": {
      "description": "When a kept response answers instead of the network: use_protocol (HTTP's rules), reload, cache_else_load or cache_only.",
      "enum": ["use_protocol", "reload", "cache_else_load", "cache_only"]
    },
    "httpMethod": {
      "description": "An HTTP method.",
      "enum": ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
    },
    "operation": {
      "description": "A CRUD operation; patch sends partial updates with a verb of its own.",
      "enum": ["create", "read", "update", "patch", "delete", "list"]
    },
    "deprecation": {
      "description": "true, or the message the deprecation warning shows callers (@available(*, deprecated, message:)); false: not deprecated.",
      "type": ["boolean", "string"]
    },
    "headers": {
      "description": "Header name → value.",
      "type": "object",
      "additionalProperties": { "$ref": "#/definitions/scalar" }
    },
    "fields": {
      "description": "Field name → a type, or { type, key, transform, read_only, write_only, description }. The field name is the Swift property name.",
      "type": "object",
      "additionalProperties": { "$ref": "#/definitions/fieldDeclaration" }
    },
    "fieldDeclaration": {
      "anyOf": [
        { "$ref": "#/definitions/typeExpression" },
        { "$ref": "#/definitions/field" }
      ]
    },
    "field": {
      "description": "A field with more than a type.",
      "type": "object",
      "required": ["type"],
      "properties": {
        "type": { "$ref": "#/definitions/typeExpression", "description": "The field's type, as in Swift." },
        "key": { "$ref": "#/definitions/text", "description": "The JSON key; by default derived from the field name with api.keys." },
        "swift_name": { "$ref": "#/definitions/text", "description": "The Swift property name to generate instead of the field name." },
        "transform": { "$ref": "#/definitions/text", "description": "A built-in transform (iso8601, iso8601_fractional, epoch_seconds, epoch_milliseconds, percentage, lenient, string_id, url) or one declared under transforms." },
        "read_only": { "type": "boolean", "description": "Decoded but never sent in request bodies. Default false." },
        "write_only": { "type": "boolean", "description": "Sent in request bodies, never expected in responses (a password): the property is optional. Default false." },
        "required": { "type": "boolean", "description": "For an optional type: the key is always sent, null when the value is nil, whatever the call's nils (a server that requires a nullable key). Default false." },
        "relationship": { "type": "string", "minLength": 1, "description": "In a JSON:API resource: the type of the related resource objects (people). The field holds the related id (String or UUID, optional for a to-one relationship that may be empty) or ids ([String]), read from and sent in relationships." },
        "array_style": { "description": "How an array query parameter is sent: repeated (ids=1&ids=2, the default) or comma (labels=bug,ui).", "enum": ["repeated", "comma"] },
        "description": { "$ref": "#/definitions/scalar", "description": "Becomes the property's doc comment." },
        "example": { "$ref": "#/definitions/scalar", "description": "A value of the field as JSON writes it (Jane Doe, 42, true), shown in the property's doc comment and exported as the schema's examples." }
      },
      "patternProperties": { "^x-": {} },
      "additionalProperties": false
    },
    "api": {
      "description": "The API's name, base URL, envelope, headers, verb map, key style and access level.",
      "type": "object",
      "required": ["name"],
      "properties": {
        "name": { "$ref": "#/definitions/text", "description": "A Swift type name: the API file <name>.swift declares enum <name>." },
        "base_url": { "$ref": "#/definitions/text", "description": "An absolute URL; the default of configuration(baseURL:)." },
        "envelope": { "$ref": "#/definitions/text", "description": "A dot path (data, response.body) of keys wrapping every response body." },
        "headers": { "$ref": "#/definitions/headers", "description": "Headers sent with every request." },
        "methods": {
          "description": "The CRUD → HTTP verb map; list only what you change, e.g. { update: PATCH }.",
          "type": "object",
          "propertyNames": { "$ref": "#/definitions/operation" },
          "additionalProperties": { "$ref": "#/definitions/httpMethod" }
        },
        "keys": {
          "description": "How JSON keys derive from field names. Default verbatim.",
          "enum": ["verbatim", "snake_case", "kebab-case", "PascalCase"]
        },
        "access": {
          "description": "Access level of generated declarations. Default public.",
          "enum": ["public", "package", "internal"]
        },
        "cache": { "$ref": "#/definitions/cachePolicy", "description": "The client's cache policy for GET requests; any cache setting gives configuration() an in-memory cache." },
        "store": { "type": "boolean", "description": "Keep every resource in the local SQLite store (the CrudeStore product, docs/store.md) unless the resource says otherwise. Default false." }
      },
      "patternProperties": { "^x-": {} },
      "additionalProperties": false
    },
    "enumDeclaration": {
      "anyOf": [
        { "$ref": "#/definitions/enumCaseList" },
        { "$ref": "#/definitions/enum" }
      ]
    },
    "enumCaseList": {
      "description": "Raw values; case names are derived (in-progress → inProgress).",
      "type": "array",
      "items": { "$ref": "#/definitions/scalar" }
    },
    "enum": {
      "description": "An enum with explicit case names, an Int raw type or a description.",
      "type": "object",
      "required": ["cases"],
      "properties": {
        "cases": {
          "description": "A list of raw values, or case name → raw value.",
          "anyOf": [
            { "$ref": "#/definitions/enumCaseList" },
            { "type": "object", "additionalProperties": { "$ref": "#/definitions/scalar" } }
          ]
        },
        "type": { "description": "The raw type. Default String.", "enum": ["String", "Int"] },
        "swift_name": { "$ref": "#/definitions/text", "description": "The Swift type name to generate instead of the spec's name, e.g. to avoid a reserved one." },
        "description": { "$ref": "#/definitions/scalar", "description": "Doc comment." }
      },
      "patternProperties": { "^x-": {} },
      "additionalProperties": false
    },
    "unionDeclaration": {
      "anyOf": [
        { "$ref": "#/definitions/variantList" },
        { "$ref": "#/definitions/union" }
      ]
    },
    "variantList": {
      "description": "The variants' types, tried in order; case names are derived (Cat → cat, [Tag] → tagList).",
      "type": "array",
      "minItems": 1,
      "items": { "$ref": "#/definitions/typeExpression" }
    },
    "union": {
      "description": "A union with a discriminator, case names of its own or a description.",
      "type": "object",
      "required": ["variants"],
      "properties": {
        "variants": {
          "description": "A list of types, or name → type (with a discriminator, the name is the tag).",
          "anyOf": [
            { "$ref": "#/definitions/variantList" },
            {
              "type": "object",
              "minProperties": 1,
              "additionalProperties": {
                "anyOf": [
                  { "$ref": "#/definitions/typeExpression" },
                  { "$ref": "#/definitions/variant" }
                ]
              }
            }
          ]
        },
        "discriminator": { "$ref": "#/definitions/text", "description": "The JSON key whose string names the variant of an object (OpenAPI's discriminator propertyName)." },
        "swift_name": { "$ref": "#/definitions/text", "description": "The Swift type name to generate instead of the spec's name, e.g. to avoid a reserved one." },
        "description": { "$ref": "#/definitions/scalar", "description": "Doc comment." }
      },
      "patternProperties": { "^x-": {} },
      "additionalProperties": false
    },
    "variant": {
      "description": "A variant with a case name of its own: { type: Dog, swift_name: doggo }.",
      "type": "object",
      "required": ["type"],
      "properties": {
        "type": { "$ref": "#/definitions/typeExpression" },
        "swift_name": { "$ref": "#/definitions/text", "description": "The Swift case name instead of the one derived from the variant's name." }
      },
      "patternProperties": { "^x-": {} },
      "additionalProperties": false
    },
    "model": {
      "description": "A plain data type: a Hashable, Sendable, Codable struct.",
      "type": "object",
      "properties": {
        "description": { "$ref": "#/definitions/scalar", "description": "Doc comment." },
        "swift_name": { "$ref": "#/definitions/text", "description": "The Swift type name to generate instead of the spec's name, e.g. to avoid a reserved one (Page, Patch)." },
        "fields": { "$ref": "#/definitions/fields" }
      },
      "patternProperties": { "^x-": {} },
      "additionalProperties": false
    },
    "transform": {
      "description": "{ date_format: yyyy-MM-dd }, with time_zone: Europe/Paris for local times, or { type: Decimal, swift: CentsTransform }.",
      "type": "object",
      "properties": {
        "date_format": { "$ref": "#/definitions/text", "description": "A DateFormatter pattern, read in UTC with the POSIX locale." },
        "time_zone": { "$ref": "#/definitions/text", "description": "The IANA time zone of a date_format (Europe/Paris) instead of UTC." },
        "type": { "$ref": "#/definitions/typeExpression", "description": "The Swift type of fields using this transform." },
        "swift": { "$ref": "#/definitions/text", "description": "Your type conforming to ValueTransform, in the same module." }
      },
      "anyOf": [
        { "required": ["date_format"], "not": { "anyOf": [{ "required": ["type"] }, { "required": ["swift"] }] } },
        { "required": ["type", "swift"], "not": { "anyOf": [{ "required": ["date_format"] }, { "required": ["time_zone"] }] } }
      ],
      "patternProperties": { "^x-": {} },
      "additionalProperties": false
    },
    "resource": {
      "description": "A model with an id, a path and operations.",
      "type": "object",
      "required": ["path"],
      "properties": {
        "description": { "$ref": "#/definitions/scalar", "description": "Doc comment." },
        "swift_name": { "$ref": "#/definitions/text", "description": "The Swift type name to generate instead of the spec's name, e.g. to avoid a reserved one (Page, Patch)." },
        "cache": {
          "description": "Cache policies of read and list, e.g. { read: use_protocol, list: cache_else_load }. Default api.cache.",
          "type": "object",
          "propertyNames": { "enum": ["read", "list"] },
          "additionalProperties": { "$ref": "#/definitions/cachePolicy" }
        },
        "path": { "type": "string", "description": "The collection path relative to the base URL, e.g. people, users/, households/{householdID}/people." },
        "id": { "$ref": "#/definitions/idDeclaration" },
        "operations": {
          "description": "Which operations exist. Default create, read, update, delete and list; add patch for partial updates with a verb of their own.",
          "type": "array",
          "items": { "$ref": "#/definitions/operation" },
          "uniqueItems": true
        },
        "namespace": { "$ref": "#/definitions/namespaceDeclaration" },
        "jsonapi": { "type": "string", "minLength": 1, "description": "The JSON:API type of the resource's objects (articles): bodies are JSON:API documents (application/vnd.api+json), the value a resource object under data with its fields in attributes and relationships. Takes the place of namespace." },
        "routes": {
          "description": "A route per operation, overriding the default; parameters are written {name}.",
          "type": "object",
          "propertyNames": { "$ref": "#/definitions/operation" },
          "additionalProperties": { "type": "string" }
        },
        "methods": {
          "description": "The HTTP method per operation for this resource only.",
          "type": "object",
          "propertyNames": { "$ref": "#/definitions/operation" },
          "additionalProperties": { "$ref": "#/definitions/httpMethod" }
        },
        "headers": {
          "description": "Headers per operation, e.g. { read: { Accept-Language: en } }.",
          "type": "object",
          "propertyNames": { "$ref": "#/definitions/operation" },
          "additionalProperties": { "$ref": "#/definitions/headers" }
        },
        "responses": {
          "description": "Per operation, model (decode the resource) or none (ignore the body).",
          "type": "object",
          "propertyNames": { "$ref": "#/definitions/operation" },
          "additionalProperties": { "enum": ["model", "none"] }
        },
        "params": { "$ref": "#/definitions/fields", "description": "Extra route parameters with their types, e.g. { householdID: Int }." },
        "query": { "$ref": "#/definitions/fields", "description": "Typed query parameters of list, each an argument of its functions, e.g. { search: String?, ordering: Ordering? }." },
        "pagination": { "$ref": "#/definitions/paginationDeclaration" },
        "fields": { "$ref": "#/definitions/fields" },
        "actions": {
          "description": "Calls beyond CRUD for this resource.",
          "type": "object",
          "additionalProperties": { "$ref": "#/definitions/action" }
        },
        "store": { "type": "boolean", "description": "Keep this resource in the local SQLite store (CrudeStore, docs/store.md). Default api.store." },
        "deprecated": {
          "description": "Deprecated operations, each true or the message its callers' warning shows, e.g. { list: Use search instead, read: true }.",
          "type": "object",
          "propertyNames": { "$ref": "#/definitions/operation" },
          "additionalProperties": { "$ref": "#/definitions/deprecation" }
        }
      },
      "patternProperties": { "^x-": {} },
      "additionalProperties": false
    },
    "idDeclaration": {
      "description": "The id: a name (id: uuid) or { name, type, key, transform }. Default { name: id, type: Int }.",
      "anyOf": [
        { "$ref": "#/definitions/text" },
        { "$ref": "#/definitions/id" }
      ]
    },
    "id": {
      "type": "object",
      "properties": {
        "name": { "$ref": "#/definitions/text", "description": "The id property's name. Default id." },
        "type": { "$ref": "#/definitions/typeExpression", "description": "Int, Int64, String or UUID. Default Int." },
        "key": { "$ref": "#/definitions/text", "description": "The JSON key." },
        "transform": { "$ref": "#/definitions/text", "description": "A transform for the id." }
      },
      "patternProperties": { "^x-": {} },
      "additionalProperties": false
    },
    "namespaceDeclaration": {
      "description": "person (single objects only) or { one: person, many: people }: responses are unwrapped from and request bodies wrapped in these keys.",
      "anyOf": [
        { "$ref": "#/definitions/text" },
        { "$ref": "#/definitions/namespace" }
      ]
    },
    "namespace": {
      "type": "object",
      "properties": {
        "one": { "$ref": "#/definitions/text", "description": "The key around a single object." },
        "many": { "$ref": "#/definitions/text", "description": "The key around a list." },
        "applies_to": { "description": "Which bodies the namespace wraps: both (default), responses only (CRUDE-Futures' objectKey) or requests only.", "enum": ["both", "responses", "requests"] }
      },
      "patternProperties": { "^x-": {} },
      "additionalProperties": false
    },
    "paginationDeclaration": {
      "description": "How a list pages: true for Django REST Framework's { count, next, previous, results }, or { style, items, next, count, count_header, parameter, size, size_parameter }.",
      "anyOf": [
        { "type": "boolean" },
        { "$ref": "#/definitions/pagination" }
      ]
    },
    "pagination": {
      "type": "object",
      "properties": {
        "style": { "description": "How pages follow each other. Default next_url.", "enum": ["next_url", "page", "offset", "cursor", "link_header"] },
        "items": { "type": "string", "description": "Key path of the items, dots between keys (data.items). Default results; the body itself for link_header." },
        "next": { "$ref": "#/definitions/text", "description": "Key path of the next URL, page number or cursor; for page, none computes the next number." },
        "count": { "$ref": "#/definitions/text", "description": "Key path of the total, or none. Default count for next_url and offset, else none." },
        "count_header": { "$ref": "#/definitions/text", "description": "The response header of the total (X-Total-Count), instead of count." },
        "parameter": { "$ref": "#/definitions/text", "description": "The query parameter of the page, offset and cursor styles. Default page, offset or cursor." },
        "size_parameter": { "$ref": "#/definitions/text", "description": "The query parameter of size. Default limit for offset, else page_size." },
        "size": { "type": "integer", "minimum": 1, "description": "A page size to ask for on every request." }
      },
      "patternProperties": { "^x-": {} },
      "additionalProperties": false
    },
    "action": {
      "description": "A call beyond CRUD.",
      "type": "object",
      "required": ["path"],
      "properties": {
        "description": { "$ref": "#/definitions/scalar", "description": "Doc comment." },
        "method": { "$ref": "#/definitions/httpMethod", "description": "Default POST with a body, else GET." },
        "path": { "type": "string", "description": "The route; parameters are written {name}." },
        "headers": { "$ref": "#/definitions/headers", "description": "Headers for this action." },
        "params": { "$ref": "#/definitions/fields", "description": "Route parameters and their types." },
        "query": { "$ref": "#/definitions/fields", "description": "Query parameters as fields; each becomes an argument." },
        "body": { "$ref": "#/definitions/payload", "description": "A type, or fields declared in place (generating <Action>Body)." },
        "body_format": {
          "description": "How the body is sent: json (the default), form (application/x-www-form-urlencoded, fields of query parameter types) or multipart (multipart/form-data, which also takes File fields).",
          "enum": ["json", "form", "multipart"]
        },
        "returns": { "$ref": "#/definitions/payload", "description": "none, a type, or fields declared in place (generating <Action>Response)." },
        "pagination": { "$ref": "#/definitions/paginationDeclaration" },
        "cache": { "$ref": "#/definitions/cachePolicy", "description": "The cache policy of a GET action. Default api.cache." },
        "deprecated": { "$ref": "#/definitions/deprecation", "description": "Whether the action's functions are deprecated: true, or the message their callers' warning shows." }
      },
      "patternProperties": { "^x-": {} },
      "additionalProperties": false
    },
    "payload": {
      "anyOf": [
        { "const": "none" },
        { "$ref": "#/definitions/typeExpression" },
        { "$ref": "#/definitions/fields" }
      ]
    }
  }
}
"""#
}
