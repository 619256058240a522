import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { XaalisProviders } from './providers';
import { createAppStore } from './store';
import { toast } from './toast';

function renderProviders() {
  return render(
    <XaalisProviders store={createAppStore()}>
      <button type="button">ailleurs</button>
    </XaalisProviders>,
  );
}

describe('toasts', () => {
  it('shows one toast at a time: a new one replaces the current one', async () => {
    renderProviders();
    act(() => {
      toast({ title: 'Premier' });
    });
    expect(await screen.findByText('Premier')).toBeInTheDocument();
    act(() => {
      toast({ title: 'Second', description: 'détail' });
    });
    expect(await screen.findByText('Second')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Premier')).not.toBeInTheDocument());
  });

  it('hides itself after about 5000 ms by default', async () => {
    renderProviders();
    const shown = Date.now();
    act(() => {
      toast({ title: 'Bonjour' });
    });
    expect(screen.getByText('Bonjour')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Bonjour')).not.toBeInTheDocument(), { timeout: 8000, interval: 100 });
    const elapsed = Date.now() - shown;
    expect(elapsed).toBeGreaterThanOrEqual(4900);
    expect(elapsed).toBeLessThan(7000);
  }, 12000);

  it('F8 moves the focus to the notification region', async () => {
    renderProviders();
    act(() => {
      toast({ title: 'Enregistré' });
    });
    await screen.findByText('Enregistré');
    screen.getByRole('button', { name: 'ailleurs' }).focus();
    fireEvent.keyDown(window, { key: 'F8' });
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region).toContainElement(document.activeElement as HTMLElement);
  });

  it('a swipe to the right of more than 50 px dismisses the toast', async () => {
    renderProviders();
    act(() => {
      toast({ title: 'Glissez-moi' });
    });
    const message = (await screen.findByText('Glissez-moi')).closest('[data-testid="toast"]') as HTMLElement;
    fireEvent.touchStart(message, { touches: [{ clientX: 10 }] });
    fireEvent.touchEnd(message, { changedTouches: [{ clientX: 40 }] });
    expect(screen.getByText('Glissez-moi')).toBeInTheDocument();
    fireEvent.touchStart(message, { touches: [{ clientX: 10 }] });
    fireEvent.touchEnd(message, { changedTouches: [{ clientX: 80 }] });
    await waitFor(() => expect(screen.queryByText('Glissez-moi')).not.toBeInTheDocument());
  });
});
