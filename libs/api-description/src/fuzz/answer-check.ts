import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { OpenApiDocument, OpenApiOperation } from '../openapi.ts';

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * Validators of the document's schemas (ajv, JSON Schema 2020-12), `$ref`s to its components
 * resolved. Formats are not checked as such: zod writes each format as a pattern too, and the
 * pattern is what is checked.
 */
export function documentSchemas(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  ajv.addSchema({ ...document, $id: 'openapi' } as object);
  const compiled = new Map<object, ValidateFunction>();
  const validatorOf = (schema: object): ValidateFunction => {
    let validate = compiled.get(schema);
    if (!validate) {
      const json = JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/');
      validate = ajv.compile(JSON.parse(json) as object);
      compiled.set(schema, validate);
    }
    return validate;
  };
  return { validatorOf, errorsText: (validate: ValidateFunction) => ajv.errorsText(validate.errors) };
}

/**
 * Checks answers against the document they were fuzzed from: no status ≥ 500; a 2xx is a status the
 * operation documents and its JSON matches the documented schema; every 4xx is JSON in the shared
 * error shape. Returns what is wrong, or undefined.
 */
export function answerChecker(document: OpenApiDocument) {
  const { validatorOf, errorsText } = documentSchemas(document);
  const errorShape = validatorOf(document.components.schemas.ApiError ?? {});

  const parse = (answer: Answer): { ok: true; value: unknown } | { ok: false } => {
    if (!/^application\/json\b/.test(answer.contentType)) return { ok: false };
    try {
      return { ok: true, value: JSON.parse(answer.body) as unknown };
    } catch {
      return { ok: false };
    }
  };

  return (operation: OpenApiOperation, answer: Answer): string | undefined => {
    const { status } = answer;
    if (status === 499) return undefined; // closed while a large body was being sent (see runner.ts)
    if (status >= 500) return `answered ${status}: ${answer.body.slice(0, 300)}`;
    if (status >= 400) {
      const parsed = parse(answer);
      if (!parsed.ok) return `${status} is not JSON (${answer.contentType}): ${answer.body.slice(0, 200)}`;
      // A refusal the route documents on its own (a conflict carrying the current state) is checked
      // against that schema; every other one against the shared error shape.
      const documented = operation.responses[String(status)]?.content?.['application/json']?.schema;
      const validate = documented ? validatorOf(documented) : errorShape;
      if (!validate(parsed.value)) {
        return `${status} is not in ${documented ? 'its documented shape' : 'the error shape'}: ${answer.body.slice(0, 200)}`;
      }
      return undefined;
    }
    if (status >= 200 && status < 300) {
      const documented = operation.responses[String(status)] ?? operation.responses['2XX'];
      if (!documented)
        return `${status} is not a documented answer (${Object.keys(operation.responses).join(', ')})`;
      const schema = documented.content?.['application/json']?.schema;
      if (!schema || status === 204) return undefined;
      const parsed = parse(answer);
      if (!parsed.ok) return `${status} is not JSON (${answer.contentType}): ${answer.body.slice(0, 200)}`;
      const validate = validatorOf(schema);
      if (!validate(parsed.value)) {
        return `${status} does not match its schema: ${errorsText(validate)} — ${answer.body.slice(0, 200)}`;
      }
    }
    return undefined;
  };
}
