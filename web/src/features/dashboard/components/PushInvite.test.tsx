import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PUSH_INVITE_KEY, PushInvite, usePushInviteDecision } from './PushInvite';

const device = vi.hoisted(() => ({ state: 'off' as string, turnOn: vi.fn<() => Promise<string>>() }));
vi.mock('@/lib/push', () => ({
  devicePushState: () => Promise.resolve(device.state),
  useTurnOnPush: () => device.turnOn,
}));

/** The invitation where the dashboard shows it: once this device's push state says so. */
function Invitation() {
  return usePushInviteDecision(true) === 'invite' ? <PushInvite /> : null;
}

describe("the driver's invitation to notifications", () => {
  beforeEach(() => {
    localStorage.clear();
    device.state = 'off';
    device.turnOn.mockReset();
  });
  afterEach(() => localStorage.clear());

  it('turns them on, and is not shown again on this device', async () => {
    device.turnOn.mockResolvedValue('on');
    const { user, unmount } = renderWithProviders(<Invitation />);
    expect(await screen.findByTestId('push-invite')).toHaveTextContent('Get declined purchases, your override answers and trip changes on this phone');
    await user.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByText('Notifications are on for this device. You can turn them off under Account.')).toBeInTheDocument();
    expect(localStorage.getItem(PUSH_INVITE_KEY)).toBe('1');
    unmount();
    renderWithProviders(<Invitation />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('push-invite')).not.toBeInTheDocument();
  });

  it('says how to allow them when the browser refuses', async () => {
    device.turnOn.mockResolvedValue('blocked');
    const { user } = renderWithProviders(<Invitation />);
    await user.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    await waitFor(() => expect(screen.getByTestId('push-invite')).toHaveAttribute('data-state', 'blocked'));
    expect(screen.getByTestId('push-invite')).toHaveTextContent('Your browser blocked notifications for this site');
    expect(screen.getByTestId('push-invite')).toHaveTextContent('allow Notifications, then turn them on under Account');
  });

  it('is not shown where notifications are already on, blocked or impossible, nor after Not now', async () => {
    for (const state of ['on', 'blocked', 'unsupported']) {
      device.state = state;
      const { unmount } = renderWithProviders(<Invitation />);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByTestId('push-invite')).not.toBeInTheDocument();
      unmount();
    }
    device.state = 'off';
    const { user } = renderWithProviders(<Invitation />);
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('push-invite')).not.toBeInTheDocument();
    expect(localStorage.getItem(PUSH_INVITE_KEY)).toBe('1');
  });

  it('is pending until the device says whether notifications are on (the dashboard holds its tiles meanwhile)', async () => {
    const decisions: string[] = [];
    function Decision() {
      const decision = usePushInviteDecision(true);
      decisions.push(decision);
      return <p data-testid="decision">{decision}</p>;
    }
    renderWithProviders(<Decision />);
    expect(decisions[0]).toBe('pending');
    await waitFor(() => expect(screen.getByTestId('decision')).toHaveTextContent('invite'));
    localStorage.setItem(PUSH_INVITE_KEY, '1');
    decisions.length = 0;
    renderWithProviders(<Decision />);
    expect(decisions[0]).toBe('hidden');
  });
});
