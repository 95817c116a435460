import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSnackbar } from '../lib/snackbar';
import { SnackbarHost } from './signed-in-frame';

function Actions() {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  return (
    <>
      <button onClick={() => enqueueSnackbar('Saved.', { variant: 'success' })}>save</button>
      <button
        onClick={() => {
          const key = enqueueSnackbar('Dropped.', { variant: 'info' });
          closeSnackbar(key);
        }}
      >
        drop
      </button>
      <button onClick={() => enqueueSnackbar({ message: 'As options.', variant: 'error' })}>options</button>
    </>
  );
}

describe('SnackbarHost', () => {
  it('shows the snackbars asked for before notistack has loaded, and drops one closed meanwhile', async () => {
    render(
      <SnackbarHost>
        <Actions />
      </SnackbarHost>,
    );
    // notistack is not loaded with the first screen: nothing of it is rendered yet.
    expect(document.querySelector('.notistack-SnackbarContainer')).toBeNull();
    act(() => {
      screen.getByRole('button', { name: 'drop' }).click();
      screen.getByRole('button', { name: 'save' }).click();
      screen.getByRole('button', { name: 'options' }).click();
    });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(await screen.findByText('As options.')).toBeInTheDocument();
    expect(screen.queryByText('Dropped.')).not.toBeInTheDocument();
    // Once loaded, a snackbar goes straight to notistack.
    act(() => screen.getByRole('button', { name: 'save' }).click());
    await waitFor(() => expect(screen.getAllByText('Saved.')).toHaveLength(2));
  });
});
