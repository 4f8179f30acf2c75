import type { FormInstance } from 'antd';
import { useCallback } from 'react';
import { ErrorCode, type FailureCode } from '@portal/shared/errors/error-codes';
import { useFeedback } from '../components/feedback';
import type { ErrorHandlers } from './api-client';
import type { ApiError, ApiErrorOf } from './api-error';
import { translateKey } from './i18n';

/** `data.fields` of a 1000400: the server's verdict per field, translated; empty for any other rejection. */
export function refusedFields(error: ApiError): Map<string, string> {
  const fields = error.code === ErrorCode.BadRequest ? error.data?.fields : undefined;
  return new Map(Object.entries(fields ?? {}).map(([name, key]) => [name, translateKey(key)]));
}

/** Where a code of the call is said: under the field, in the catalogue's words or, with `text`, the
 *  form's own, from the code's details. */
export type FieldRefusal<Field extends string, C extends FailureCode = FailureCode> =
  Field | { field: Field; text(error: ApiErrorOf<C>): string };

/** The codes of a call that a form says under one of its fields. */
export type FieldRefusals<Field extends string> = { [C in FailureCode]?: FieldRefusal<Field, C> };

/**
 * The `onError` of a form's call: each code of `refusals` under its field, and a 1000400 under the
 * fields of the form its `data.fields` names. The caller adds the codes it shows some other way.
 */
export type FieldErrors<Field extends string> = (refusals?: FieldRefusals<Field>) => ErrorHandlers;

/** A form drawn without antd's Form (the sign-in screen's): its fields, and how it says a refusal under one. */
export interface PlainForm<Field extends string> {
  names: readonly Field[];
  refuse(name: Field, text: string): void;
}

interface Fields {
  has(name: string): boolean;
  show(name: string, text: string): void;
}

function fieldsOf(form: FormInstance | PlainForm<string>): Fields {
  if ('refuse' in form) return { has: (name) => form.names.includes(name), show: form.refuse };
  return {
    // the fields on the form now: one shown only for another choice (a code instead of a password) is not
    has: (name) => form.getFieldsError().some((field) => field.name.join('.') === name),
    show: (name, text) => form.setFields([{ name: name as never, errors: [text] }]),
  };
}

interface Options {
  /** The form's field for a field of the request, where the request names it otherwise (nested). */
  fieldOf?(requestField: string): string;
}

const sameName = (name: string) => name;

/**
 * The one way a form says what the server refused under the fields it concerns, instead of a toast;
 * see `FieldErrors`. A 1000400 that names none of the form's fields is said the usual way, once.
 */
export function useFieldErrors<Values>(
  form: FormInstance<Values>,
  options?: Options,
): FieldErrors<keyof Values & string>;
export function useFieldErrors<Field extends string>(form: PlainForm<Field>, options?: Options): FieldErrors<Field>;
export function useFieldErrors(
  form: FormInstance | PlainForm<string>,
  { fieldOf = sameName }: Options = {},
): FieldErrors<string> {
  const { message } = useFeedback();
  return useCallback(
    (refusals = {}) => {
      const fields = fieldsOf(form);
      const handlers: ErrorHandlers = {
        [ErrorCode.BadRequest]: (error) => {
          const refused = [...refusedFields(error)]
            .map(([name, text]) => [fieldOf(name), text] as const)
            .filter(([name]) => fields.has(name));
          if (refused.length === 0) message.error({ content: error.message, key: error.message });
          for (const [name, text] of refused) fields.show(name, text);
        },
      };
      // the client gives the handler of a code only rejections with that code, the one its refusal is for
      for (const [code, refusal] of Object.entries(refusals) as [string, FieldRefusal<string> | undefined][]) {
        if (refusal === undefined) continue;
        handlers[Number(code)] =
          typeof refusal === 'string'
            ? (error) => fields.show(refusal, error.message)
            : (error) => fields.show(refusal.field, refusal.text(error as ApiErrorOf<FailureCode>));
      }
      return handlers;
    },
    [form, fieldOf, message],
  );
}
