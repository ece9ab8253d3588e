import type {
  CustomValidator,
  ErrorSchema,
  ErrorTransformer,
  RJSFSchema,
  RJSFValidationError,
  UiSchema,
  ValidationData,
  ValidatorType,
} from '@rjsf/utils';
import {
  ANY_OF_KEY,
  ID_KEY,
  ONE_OF_KEY,
  PROPERTIES_KEY,
  RJSF_ADDITIONAL_PROPERTIES_FLAG,
  ROOT_SCHEMA_PREFIX,
} from '@rjsf/utils/lib/constants.js';
import deepEquals from '@rjsf/utils/lib/deepEquals.js';
import getUiOptions from '@rjsf/utils/lib/getUiOptions.js';
import hashForSchema from '@rjsf/utils/lib/hashForSchema.js';
import { getByPath, toPath } from '@rjsf/utils/lib/pathUtils.js';
import toErrorSchema from '@rjsf/utils/lib/toErrorSchema.js';
import withIdRefPrefix from '@rjsf/utils/lib/withIdRefPrefix.js';
import Ajv, { type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/*
 * The compiling form validator for Node (server, tools, tests), without React.
 *
 * @rjsf/validator-ajv8's AJV8Validator imports `@rjsf/utils` whole, and its index loads
 * React (widget helpers and hooks), so a server that validated with it loaded React. This
 * is the same validator (@rjsf/validator-ajv8 6.11: the ajv setup of createAjvInstance, the
 * errors of processRawValidationErrors, isValid's root schema handling) built on the React-free
 * modules of @rjsf/utils/lib. tests/unit/tools/generatedValidators.test.ts holds it to the
 * browser's precompiled validators (@rjsf/validator-ajv8's own) on every fixture of every form.
 *
 * Not supported, because nothing here uses them: a `customValidate` function (it needs
 * getDefaultFormState, whose module loads the @rjsf/utils index) and a localizer.
 */

/** @rjsf/validator-ajv8's AJV_CONFIG: the base the caller's options override. */
const AJV_CONFIG: Options = {
  allErrors: true,
  multipleOfPrecision: 8,
  strict: false,
  verbose: true,
  discriminator: false,
};

const COLOR_FORMAT_REGEX =
  /^(#?([0-9A-Fa-f]{3}){1,2}\b|aqua|black|blue|fuchsia|gray|green|lime|maroon|navy|olive|orange|purple|red|silver|teal|white|yellow|(rgb\(\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*,\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*,\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*\))|(rgb\(\s*(\d?\d%|100%)+\s*,\s*(\d?\d%|100%)+\s*,\s*(\d?\d%|100%)+\s*\)))$/;
const DATA_URL_FORMAT_REGEX = /^data:([a-z]+\/[a-z0-9-+.]+)?;(?:name=(.*);)?base64,(.*)$/;

export interface AjvFormValidatorOptions {
  /** Overrides of AJV_CONFIG. */
  ajvOptionsOverrides?: Options;
  /** Adds keywords, formats or plugins to the ajv instance (and returns it). */
  extenderFn?: (ajv: Ajv) => Ajv;
}

type RawError = ErrorObject & { params: Record<string, string | undefined> };

/** Errors that say the same thing about the same anyOf/oneOf, once. */
function filterDuplicateErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.reduce<RJSFValidationError[]>((kept, error) => {
    const { message, schemaPath } = error;
    const anyOfIndex = schemaPath?.indexOf(`/${ANY_OF_KEY}/`);
    const oneOfIndex = schemaPath?.indexOf(`/${ONE_OF_KEY}/`);
    let prefix: string | undefined;
    if (anyOfIndex && anyOfIndex >= 0) prefix = schemaPath?.substring(0, anyOfIndex);
    else if (oneOfIndex && oneOfIndex >= 0) prefix = schemaPath?.substring(0, oneOfIndex);
    const duplicate = prefix
      ? kept.find((e) => e.message === message && e.schemaPath?.startsWith(prefix))
      : undefined;
    if (!duplicate) kept.push(error);
    return kept;
  }, []);
}

function titleAt(source: unknown, path: string[]): string | undefined {
  return getByPath<string | undefined>(source, path);
}

/** ajv's errors as RJSF reports them: dotted property, titles from the UI schema or the schema. */
function transformErrors(errors: RawError[], uiSchema: UiSchema | undefined, schema: RJSFSchema) {
  const list = errors.map((error): RJSFValidationError => {
    const { instancePath, keyword, params, schemaPath, parentSchema } = error;
    let message = error.message ?? '';
    let property = instancePath.replace(/\//g, '.');
    let stack = `${property} ${message}`.trim();
    let uiTitle = '';
    const propertyNames = [
      ...(params.deps?.split(', ') ?? []),
      params.missingProperty,
      params.property,
    ].filter((name): name is string => !!name);
    if (propertyNames.length > 0) {
      for (const name of propertyNames) {
        const path = property ? `${property}.${name}` : name;
        let title = getUiOptions(getByPath<UiSchema | undefined>(uiSchema, toPath(path))).title;
        if (title === undefined) {
          const uiSchemaPath = schemaPath
            .replace(/\/properties\//g, '/')
            .split('/')
            .slice(1, -1)
            .concat([name]);
          title = getUiOptions(getByPath<UiSchema | undefined>(uiSchema, uiSchemaPath)).title;
        }
        if (title === undefined) {
          const parts = property.replace(/^\./, '').split('.').filter(Boolean);
          title = titleAt(uiSchema, [...parts, name, 'title']);
        }
        if (title) {
          message = message.replace(`'${name}'`, `'${title}'`);
          uiTitle = title;
        } else {
          const parentTitle = titleAt(parentSchema, [PROPERTIES_KEY, name, 'title']);
          if (parentTitle) {
            message = message.replace(`'${name}'`, `'${parentTitle}'`);
            uiTitle = parentTitle;
          } else {
            const parts = property.replace(/^\./, '').split('.').filter(Boolean);
            const schemaPathToTitle = [...parts.flatMap((part) => [PROPERTIES_KEY, part])];
            schemaPathToTitle.push(PROPERTIES_KEY, name, 'title');
            const rootTitle = titleAt(schema, schemaPathToTitle);
            if (rootTitle) {
              message = message.replace(`'${name}'`, `'${rootTitle}'`);
              uiTitle = rootTitle;
            }
          }
        }
      }
      stack = message;
    } else {
      const title = getUiOptions(getByPath<UiSchema | undefined>(uiSchema, toPath(property))).title;
      if (title) {
        stack = `'${title}' ${message}`.trim();
        uiTitle = title;
      } else {
        const parentTitle = (parentSchema as { title?: string } | undefined)?.title;
        if (parentTitle) {
          stack = `'${parentTitle}' ${message}`.trim();
          uiTitle = parentTitle;
        }
      }
    }
    if ('missingProperty' in params) {
      property = (property ? `${property}.${params.missingProperty}` : params.missingProperty) as string;
    }
    return { name: keyword, property, message, params, stack, schemaPath, title: uiTitle };
  });
  return filterDuplicateErrors(list);
}

export class AjvFormValidator implements ValidatorType {
  /** The ajv instance (tests add keywords to it). */
  readonly ajv: Ajv;
  private lastSeenRootSchema: RJSFSchema | undefined;
  private hasRegisteredRootSchema = false;

  constructor({ ajvOptionsOverrides = {}, extenderFn }: AjvFormValidatorOptions = {}) {
    let ajv = new Ajv({ ...AJV_CONFIG, ...ajvOptionsOverrides });
    addFormats(ajv);
    ajv.addFormat('data-url', DATA_URL_FORMAT_REGEX);
    ajv.addFormat('color', COLOR_FORMAT_REGEX);
    ajv.addKeyword(RJSF_ADDITIONAL_PROPERTIES_FLAG);
    if (extenderFn) ajv = extenderFn(ajv);
    this.ajv = ajv;
  }

  reset() {
    this.ajv.removeSchema();
    this.lastSeenRootSchema = undefined;
    this.hasRegisteredRootSchema = false;
  }

  rawValidation<Result = ErrorObject>(schema: RJSFSchema, formData?: unknown) {
    let validationError: Error | undefined;
    let compiled: ValidateFunction | undefined;
    try {
      const id = schema[ID_KEY];
      if (id) compiled = this.ajv.getSchema(id);
      compiled ??= this.ajv.compile(schema);
      compiled(formData);
    } catch (error) {
      validationError = error as Error;
      // A schema that failed its meta-schema check stays in ajv's cache: drop it, so the
      // next call reports the same failure instead of validating with it.
      if (compiled === undefined)
        this.ajv.removeSchema(schema[ID_KEY] !== undefined ? schema[ID_KEY] : schema);
    }
    let errors: Result[] | undefined;
    if (compiled) {
      errors = (compiled.errors as Result[] | null | undefined) || undefined;
      compiled.errors = null;
    }
    return { errors, validationError };
  }

  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator,
    transform?: ErrorTransformer,
    uiSchema?: UiSchema,
  ): ValidationData<unknown> {
    if (typeof customValidate === 'function') {
      throw new Error('AjvFormValidator does not run customValidate functions');
    }
    const raw = this.rawValidation<RawError>(schema, formData);
    let errors = transformErrors(raw.errors ?? [], uiSchema, schema);
    if (raw.validationError) errors = [...errors, { stack: raw.validationError.message }];
    if (typeof transform === 'function') errors = transform(errors, uiSchema);
    let errorSchema = toErrorSchema(errors);
    if (raw.validationError) {
      errorSchema = {
        ...errorSchema,
        $schema: { __errors: [raw.validationError.message] },
      } as unknown as ErrorSchema;
    }
    return { errors, errorSchema };
  }

  private handleSchemaUpdate(rootSchema: RJSFSchema) {
    if (this.lastSeenRootSchema === rootSchema && this.hasRegisteredRootSchema) return;
    const rootSchemaId = rootSchema[ID_KEY] ?? ROOT_SCHEMA_PREFIX;
    if (this.ajv.getSchema(rootSchemaId) === undefined) {
      this.ajv.addSchema(rootSchema, rootSchemaId);
    } else if (!deepEquals(rootSchema, this.ajv.getSchema(rootSchemaId)?.schema)) {
      this.ajv.removeSchema(rootSchemaId);
      this.ajv.addSchema(rootSchema, rootSchemaId);
    }
    this.lastSeenRootSchema = rootSchema;
    this.hasRegisteredRootSchema = true;
  }

  isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean {
    let schemaId: string | undefined;
    let compiled = false;
    try {
      this.handleSchemaUpdate(rootSchema);
      // $refs point at the root schema, registered under its id.
      const withPrefix = withIdRefPrefix(schema) as RJSFSchema;
      schemaId = withPrefix[ID_KEY] ?? hashForSchema(withPrefix);
      const validate =
        this.ajv.getSchema(schemaId) ??
        this.ajv.addSchema(withPrefix, schemaId).getSchema(schemaId) ??
        this.ajv.compile(withPrefix);
      compiled = true;
      return validate(formData) as boolean;
    } catch (error) {
      console.warn('Error encountered compiling schema:', error);
      if (!compiled && schemaId !== undefined) this.ajv.removeSchema(schemaId);
      return false;
    }
  }
}
