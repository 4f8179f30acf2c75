import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ActionButton } from './action-button';

describe('ActionButton', () => {
  it('is a plain button by default, with the attributes it is given', () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <ActionButton data-testid="act" aria-describedby="why" onClick={onClick}>
          Go
        </ActionButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Go' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('data-testid', 'act');
    expect(button).toHaveAttribute('aria-describedby', 'why');
    expect(button).not.toHaveAttribute('aria-busy');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends its form when it is the submit button', () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <ActionButton type="submit" variant="primary">
          Sign in
        </ActionButton>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('while loading is announced busy, shows a ring and answers no press, nor sends its form', () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    const { container } = render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <ActionButton type="submit" variant="primary" loading onClick={onClick}>
          Sign in
        </ActionButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    // still focusable and in its place, as antd's loading button
    expect(button).toBeEnabled();
    expect(container.querySelector('button [aria-hidden="true"]')).not.toBeNull();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('answers no press when disabled', () => {
    const onClick = vi.fn();
    render(
      <ActionButton disabled onClick={onClick}>
        Go
      </ActionButton>,
    );
    const button = screen.getByRole('button', { name: 'Go' });
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('shows an icon alone, named by its label', () => {
    render(<ActionButton variant="text" shape="circle" aria-label="Switch" icon={<svg data-testid="icon" />} />);
    const button = screen.getByRole('button', { name: 'Switch' });
    expect(button).toContainElement(screen.getByTestId('icon'));
    expect(button).toHaveTextContent('');
  });
});
