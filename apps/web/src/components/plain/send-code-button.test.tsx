import { StyleProvider, createCache } from '@ant-design/cssinjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FailureDataOf } from '@portal/shared/errors/error-data';
import { ApiError } from '../../lib/api-error';
import { i18n } from '../../lib/i18n';
import { FeedbackProvider } from '../feedback';
import { type SendCode, SendCodeButton } from './send-code-button';

// antd's CSS-in-JS kept out of jsdom, as in renderRoutes
const inApp = (node: ReactNode) =>
  render(
    <StyleProvider cache={createCache()} mock="server">
      <QueryClientProvider client={new QueryClient()}>
        <FeedbackProvider>{node}</FeedbackProvider>
      </QueryClientProvider>
    </StyleProvider>,
  );

/** The toast, once the feedback holder's chunk (loaded on the first toast) has shown it. */
const toast = (text: string | RegExp) => vi.waitFor(() => screen.getByText(text));

describe('SendCodeButton', () => {
  // the toasts' holder is a chunk of its own, fetched on the first toast: here before the clocks stop
  beforeAll(() => import('../feedback-holder'));
  beforeEach(async () => {
    vi.useFakeTimers();
    await i18n.changeLanguage('en-US');
  });
  afterEach(() => vi.useRealTimers());

  it('counts down the cooldown the server returns, then offers the button again', async () => {
    const send = vi.fn().mockResolvedValue({ cooldownSeconds: 3 });
    inApp(<SendCodeButton send={send} />);
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

  it('follows the remaining cooldown of a refused send, in words that fit an email as well as a phone', async () => {
    // the api client hands the cooldown refusal to the caller's handler, then rejects
    const send: SendCode = async ({ onError }) => {
      const refusal = new ApiError(1009108, 'SMS service busy', { cooldownSeconds: 42, retryAfterSeconds: 42 });
      onError?.[1009108]?.(refusal);
      throw refusal;
    };
    inApp(<SendCodeButton send={send} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Get code' })));
    // the failed send settles on the query library's next tick
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('button', { name: 'Resend in 42 s' })).toBeDisabled();
    expect(await toast('A code was sent just now. You can ask for another in 42 s.')).toBeInTheDocument();
    expect(screen.queryByText(/SMS/)).not.toBeInTheDocument();
  });

  /** A send the server refuses with 1009108 and these details, as the api client hands it over. */
  const refusedWith =
    (data: FailureDataOf<1009108>): SendCode =>
    async ({ onError }) => {
      const refusal = new ApiError(1009108, 'SMS service busy', data);
      onError?.[1009108]?.(refusal);
      throw refusal;
    };

  it("counts down the server's wait of a send refused by a cap, and never says a code was sent", async () => {
    inApp(<SendCodeButton send={refusedWith({ retryAfterSeconds: 45 })} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Get code' })));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('button', { name: 'Resend in 45 s' })).toBeDisabled();
    expect(await toast('Too many code requests, try again in 45 seconds.')).toBeInTheDocument();
    expect(screen.queryByText(/was sent/)).not.toBeInTheDocument();
  });

  it('says a long wait in minutes, rounded up, and leaves the button as it was', async () => {
    inApp(<SendCodeButton send={refusedWith({ retryAfterSeconds: 11 * 60 + 5 })} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Get code' })));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(await toast('Too many code requests, try again in 12 minutes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get code' })).toBeEnabled();
    expect(screen.queryByText(/was sent/)).not.toBeInTheDocument();
  });

  it('says the wait in the language of the page, with its plural', async () => {
    await i18n.changeLanguage('zh-CN');
    inApp(<SendCodeButton send={refusedWith({ retryAfterSeconds: 60 })} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '获取验证码' })));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('button', { name: '60 秒后重新获取' })).toBeDisabled();
    expect(await toast('获取验证码过于频繁，请1 分钟后再试。')).toBeInTheDocument();
  });

  it('is busy while the code is on its way, and sends once however often it is pressed', async () => {
    let done: (value: { cooldownSeconds: number }) => void = () => {};
    const send = vi.fn(() => new Promise<{ cooldownSeconds: number }>((resolve) => (done = resolve)));
    inApp(<SendCodeButton send={send} />);
    const button = screen.getByRole('button', { name: 'Get code' });
    await act(async () => fireEvent.click(button));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(button).toHaveAttribute('aria-busy', 'true');
    await act(async () => fireEvent.click(button));
    expect(send).toHaveBeenCalledOnce();
    await act(async () => done({ cooldownSeconds: 60 }));
    expect(screen.getByRole('button', { name: 'Resend in 60 s' })).not.toHaveAttribute('aria-busy');
  });

  it('starts no countdown when a send fails for another reason', async () => {
    const send = vi.fn().mockRejectedValue(new ApiError(null, 'Network Error'));
    inApp(<SendCodeButton send={send} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Get code' })));
    expect(screen.getByRole('button', { name: 'Get code' })).toBeEnabled();
  });

  it('hands the focus on once a code is on its way', async () => {
    const onSent = vi.fn();
    inApp(<SendCodeButton send={vi.fn().mockResolvedValue({ cooldownSeconds: 60 })} onSent={onSent} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Get code' })));
    expect(onSent).toHaveBeenCalledOnce();
  });

  it('sends nothing while the check of its phone or email refuses, and sends once it passes', async () => {
    const send = vi.fn().mockResolvedValue({ cooldownSeconds: 60 });
    const checkTarget = vi.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    inApp(<SendCodeButton send={send} checkTarget={checkTarget} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Get code' })));
    expect(checkTarget).toHaveBeenCalledOnce();
    expect(send).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Get code' })));
    expect(send).toHaveBeenCalledOnce();
  });
});
