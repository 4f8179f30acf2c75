import { fireEvent } from '@testing-library/react';

/** Sets a field's value in one event: typing key by key through antd in jsdom is slow and adds nothing here. */
export function fill(input: HTMLElement, value: string): void {
  fireEvent.change(input, { target: { value } });
}
