import { type FormEvent, useCallback, useId, useRef, useState } from 'react';
import type { FieldCheck } from '@portal/shared/validation/field-checks';

/** A message under a field: a catalogue key from a check, or a sentence the server already said. */
export type FieldProblem = { key: string } | { text: string };

/** What `FormField` and the input inside it need of one field. */
export interface CheckedField {
  id: string;
  value: string;
  problem: FieldProblem | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  ref: (input: Focusable | null) => void;
}

/** An input element, or antd's handle of one. */
export interface Focusable {
  focus(): void;
}

/**
 * The state of a small form whose fields are each checked by one shared rule: the same checks the
 * server runs, shown under the field once it has been left or the form submitted, and again as the
 * value changes after that. The sign-in screen uses it instead of antd's Form, which with the
 * validation library and tooltip it brings would be about 30 kB of the first screen's JavaScript.
 */
export function useCheckedFields<Name extends string>(checks: Record<Name, FieldCheck>) {
  const formId = useId();
  const names = Object.keys(checks) as Name[];
  const [empty] = useState(() => Object.fromEntries(names.map((name) => [name, ''])) as Record<Name, string>);
  // the values as typed, for the callbacks below, which may run before a re-render; `values` shows them
  const latest = useRef(empty);
  const [values, setValues] = useState(empty);
  const [problems, setProblems] = useState<Partial<Record<Name, FieldProblem>>>({});
  const inputs = useRef(new Map<Name, Focusable>());

  const checkField = useCallback(
    (name: Name, value: string): boolean => {
      const key = checks[name](value);
      setProblems((all) => ({ ...all, [name]: key ? { key } : undefined }));
      return !key;
    },
    [checks],
  );

  /** Checks the named fields (all of them when none are named); moves the focus to the first refused. */
  const validate = useCallback(
    (only?: Name[]): boolean => {
      const refused = (only ?? names).filter((name) => !checkField(name, latest.current[name]));
      if (refused[0]) inputs.current.get(refused[0])?.focus();
      return refused.length === 0;
    },
    // names follow checks
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [checkField],
  );

  function field(name: Name): CheckedField {
    return {
      id: `${formId}-${name}`,
      value: values[name],
      problem: problems[name],
      onChange: (value) => {
        latest.current = { ...latest.current, [name]: value };
        setValues(latest.current);
        if (problems[name]) checkField(name, value);
      },
      onBlur: () => {
        if (latest.current[name] !== '') checkField(name, latest.current[name]);
      },
      ref: (input) => {
        if (input) inputs.current.set(name, input);
        else inputs.current.delete(name);
      },
    };
  }

  /** A form's onSubmit: checks every field and hands the values on only when all pass. */
  function onSubmit(submit: (values: Record<Name, string>) => void) {
    return (event: FormEvent) => {
      event.preventDefault();
      if (validate()) submit(latest.current);
    };
  }

  /** Shows the server's refusal under a field, e.g. a wrong code. */
  function refuse(name: Name, text: string) {
    setProblems((all) => ({ ...all, [name]: { text } }));
    inputs.current.get(name)?.focus();
  }

  function focus(name: Name) {
    inputs.current.get(name)?.focus();
  }

  return { names, field, validate, onSubmit, refuse, focus };
}
