import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error';
import { i18n } from '../lib/i18n';
import { SendCodeButton } from './send-code-button';

describe('SendCodeButton', () => {
  beforeEach(async () => {
    vi.useFakeTimers();
    await i18n.changeLanguage('en-US');
  });
  afterEach(() => vi.useRealTimers());

  it('counts down the cooldown the server returns, then offers the button again', async () => {
    const send = vi.fn().mockResolvedValue({ cooldownSeconds: 3 });
    render(<SendCodeButton send={send} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Get code' })));
    expect(send).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Resend in 3 s' })).toBeDisabled();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Resend in 2 s' })).toBeDisabled();
    // one tick per render: each second schedules the next
    await act(async () => vi.advanceTimersByTime(1000));
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Get code' })).toBeEnabled();
  });

  it('follows the remaining cooldown of a refused send', async () => {
    const send = vi.fn().mockRejectedValue(new ApiError(1009108, 'busy', { cooldownSeconds: 42 }));
    render(<SendCodeButton send={send} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Get code' })));
    expect(screen.getByRole('button', { name: 'Resend in 42 s' })).toBeDisabled();
  });

  it('does not send when the check before sending fails', async () => {
    const send = vi.fn();
    render(<SendCodeButton send={send} beforeSend={async () => false} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Get code' })));
    expect(send).not.toHaveBeenCalled();
  });
});
