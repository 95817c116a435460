/**
 * The search part that carries a pending `redirect` on to the next auth screen, so a guest who
 * opened a private page lands there once signed in, also via the verify screen (spec §2).
 */
export function keepRedirect(params: URLSearchParams): string {
  const redirect = params.get('redirect');
  return redirect ? `?${new URLSearchParams({ redirect }).toString()}` : '';
}
