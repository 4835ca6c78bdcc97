import fc from 'fast-check';
import type { JsonObject } from '../openapi.ts';

/**
 * fast-check arbitraries derived from the JSON Schemas of the OpenAPI document: `validValue` makes
 * what a schema accepts (as far as JSON Schema says; refinements only the service knows may still
 * refuse it), `invalidValue` deliberately breaks it — a wrong type, a required field missing, an
 * extra field, a value out of range, huge, control-character and odd unicode strings, deep nesting.
 */

const MAX_DEPTH = 6;

type Schema = JsonObject & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | Schema;
  $ref?: string;
  $defs?: Record<string, Schema>;
};

/** Resolves `#/$defs/x` against the schema the walk started from (zod writes recursion so). */
function resolve(schema: Schema, root: Schema): Schema {
  if (typeof schema.$ref !== 'string') return schema;
  const name = schema.$ref.replace(/^#\/\$defs\//, '');
  return root.$defs?.[name] ?? {};
}

const typesOf = (schema: Schema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/** A calendar date (`YYYY-MM-DD`) within the years people plan in. */
const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const isoDateTime = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'email':
      // Addresses every validator takes (fast-check's RFC-wide ones include what zod refuses).
      return fc
        .tuple(
          fc.stringMatching(/^[a-z0-9]{1,12}([.+][a-z0-9]{1,6})?$/),
          fc.stringMatching(/^[a-z0-9]{1,10}$/),
          fc.constantFrom('com', 'org', 'example'),
        )
        .map(([local, domain, top]) => `${local}@${domain}.${top}`);
    case 'uuid':
      return fc.uuid({ version: 4 });
    case 'date':
      return isoDate;
    case 'date-time':
      return isoDateTime;
    case 'uri':
    case 'url':
      return fc.webUrl();
    default:
      break;
  }
  if (typeof schema.pattern === 'string') {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter(
          (text) => text.length >= (schema.minLength ?? 0) && text.length <= (schema.maxLength ?? 10_000),
        );
    } catch {
      // A pattern fast-check cannot generate from (lookarounds): plain text within the lengths.
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, minLength + 60));
  return fc
    .string({ minLength, maxLength, unit: 'grapheme' })
    .filter((text) => text.trim().length >= Math.min(minLength, 1));
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const low =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000);
  const high =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
  const min = Math.max(low, -1_000_000_000);
  const max = Math.min(high, 1_000_000_000);
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) })
    : fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true });
}

/** What `schema` accepts. */
export function validValue(schema: Schema, root: Schema = schema, depth = 0): fc.Arbitrary<unknown> {
  const resolved = resolve(schema, root);
  if (depth > MAX_DEPTH) return fc.constant(null);
  if ('const' in resolved) return fc.constant(resolved.const);
  if (Array.isArray(resolved.enum)) return fc.constantFrom(...resolved.enum);
  const alternatives = resolved.anyOf ?? resolved.oneOf;
  if (alternatives?.length)
    return fc.oneof(...alternatives.map((option) => validValue(option, root, depth + 1)));
  const [only, ...others] = resolved.allOf ?? [];
  if (only && others.length === 0) return validValue(only, root, depth + 1);
  const types = typesOf(resolved);
  if (types.length > 1)
    return fc.oneof(...types.map((type) => validValue({ ...resolved, type }, root, depth)));
  switch (types[0]) {
    case 'string':
      return stringArbitrary(resolved);
    case 'integer':
      return numberArbitrary(resolved, true);
    case 'number':
      return numberArbitrary(resolved, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = resolved.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(resolved.maxItems ?? 5, minLength + 5));
      return fc.array(validValue(resolved.items ?? {}, root, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const properties = resolved.properties ?? {};
      const required = new Set(resolved.required ?? []);
      const record = fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([name, property]) => [name, validValue(property, root, depth + 1)]),
        ),
        { requiredKeys: [...required].filter((name) => name in properties) },
      );
      if (typeof resolved.additionalProperties === 'object' && Object.keys(properties).length === 0) {
        return fc.dictionary(
          fc.string({ minLength: 1, maxLength: 10 }),
          validValue(resolved.additionalProperties, root, depth + 1),
          {
            maxKeys: 4,
          },
        );
      }
      return record;
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Strings that break things elsewhere: control characters, odd unicode, huge. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  // C0 controls, NUL and DEL among ordinary text.
  fc
    .tuple(
      fc.string({ maxLength: 8 }),
      fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
      fc.string({ maxLength: 8 }),
    )
    .map(([before, control, after]) => `${before}${control}${after}`),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u007f',
    '\u0085',
    '\u2028',
    '\u202e',
    '\ufeff',
    '\ud800',
    '\udfff',
    '%00',
    '../../etc/passwd',
  ),
  // Any code unit, lone surrogates included.
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
  // Huge: far beyond any field's limit.
  fc.integer({ min: 10_000, max: 100_000 }).map((length) => 'x'.repeat(length)),
  fc.constantFrom(
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '{{7*7}}',
    '${jndi:ldap://x}',
    '0000-01-01',
    '9999-99-99',
    '-0',
    '1e309',
  ),
);

/** A value of a JSON type other than the ones `schema` allows. */
function wrongType(schema: Schema): fc.Arbitrary<unknown> {
  const allowed = new Set(typesOf(schema));
  if (allowed.has('integer')) allowed.add('number');
  const candidates: Array<[string, fc.Arbitrary<unknown>]> = [
    ['string', hostileString],
    ['number', fc.oneof(fc.double(), fc.constantFrom(-1, 0, 1.5, 2 ** 53, -(2 ** 63)))],
    ['boolean', fc.boolean()],
    ['null', fc.constant(null)],
    ['array', fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 })],
    ['object', fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 })],
  ];
  const left = candidates.filter(([type]) => !allowed.has(type)).map(([, arbitrary]) => arbitrary);
  return left.length > 0 ? fc.oneof(...left) : fc.constant(undefined);
}

/** Out of the schema's own bounds: too short, too long, too small, too big, not in the enum. */
function outOfBounds(schema: Schema): fc.Arbitrary<unknown> | undefined {
  const options: fc.Arbitrary<unknown>[] = [];
  if (schema.minLength !== undefined && schema.minLength > 0)
    options.push(fc.constant('x'.repeat(schema.minLength - 1)));
  if (schema.maxLength !== undefined) options.push(fc.constant('y'.repeat(schema.maxLength + 1)));
  if (schema.minimum !== undefined) options.push(fc.constant(schema.minimum - 1));
  if (schema.maximum !== undefined) options.push(fc.constant(schema.maximum + 1));
  if (schema.enum?.length) options.push(fc.constantFrom('not-one-of-them', ''));
  if (schema.format === 'date')
    options.push(fc.constantFrom('0000-01-01', '2024-02-30', '99999-01-01', '2024-1-1', '10000-01-01'));
  if (schema.format === 'email')
    options.push(fc.constantFrom('not-an-email', '@', 'a@', 'a@b', `${'a'.repeat(300)}@example.com`));
  if (schema.format === 'uuid')
    options.push(fc.constantFrom('not-a-uuid', '00000000-0000-0000-0000-00000000000g'));
  if (schema.maxItems !== undefined)
    options.push(
      fc.array(fc.constant(1), { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 3 }),
    );
  return options.length > 0 ? fc.oneof(...options) : undefined;
}

/** Nested arrays and objects `depth` deep, as a value (the raw-body variant is in requests.ts). */
export const deepValue = (depth: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
};

/** What `schema` must refuse (or at worst accept without harm). */
export function invalidValue(schema: Schema, root: Schema = schema, depth = 0): fc.Arbitrary<unknown> {
  const resolved = resolve(schema, root);
  const options: fc.Arbitrary<unknown>[] = [wrongType(resolved), hostileString, fc.constant(deepValue(64))];
  const bounds = outOfBounds(resolved);
  if (bounds) options.push(bounds);
  const propertySchemas = resolved.properties;
  if (typesOf(resolved).includes('object') && propertySchemas && depth < MAX_DEPTH) {
    const properties = Object.keys(propertySchemas);
    const valid = validValue(resolved, root, depth) as fc.Arbitrary<Record<string, unknown>>;
    const required = resolved.required ?? [];
    if (required.length > 0) {
      options.push(
        fc.tuple(valid, fc.constantFrom(...required)).map(([object, name]) => {
          const { [name]: _dropped, ...rest } = object;
          return rest;
        }),
      );
    }
    options.push(
      fc
        .tuple(valid, fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }))
        .map(([object, name, value]) => ({ ...object, [name]: value })),
    );
    // Own `__proto__` and `constructor` keys, as JSON.parse makes them (spread keeps them own keys).
    const pollution = JSON.parse(
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    ) as object;
    options.push(valid.map((object) => ({ ...object, ...pollution })));
    if (properties.length > 0) {
      // One property broken, the rest valid: reaches the checks behind the first one.
      options.push(
        fc
          .constantFrom(...properties)
          .chain((name) =>
            fc.tuple(valid, fc.constant(name), invalidValue(propertySchemas[name] ?? {}, root, depth + 1)),
          )
          .map(([object, name, value]) => ({ ...object, [name]: value })),
      );
    }
  }
  if (typesOf(resolved).includes('array') && resolved.items && depth < MAX_DEPTH) {
    options.push(fc.array(invalidValue(resolved.items, root, depth + 1), { minLength: 1, maxLength: 3 }));
  }
  return fc.oneof(...options);
}
