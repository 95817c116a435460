import type { CSSObject, Theme } from '@mui/material/styles';

type Style = Record<string, unknown>;

/** The toolbar mixin with its heights as `top`: the same media queries (phone, landscape, 600 px up). */
const heightsAsTop = (style: Style): Style =>
  Object.fromEntries(
    Object.entries(style)
      .filter(([key, value]) => key === 'minHeight' || (typeof value === 'object' && value !== null))
      .map(([key, value]) => (key === 'minHeight' ? ['top', value] : [key, heightsAsTop(value as Style)])),
  );

/**
 * The `top` of a sticky box that sits flush under the fixed app bar: the app bar's own height at
 * every size (its Toolbar's `theme.mixins.toolbar`), so no strip of the page scrolls past between them.
 */
export const flushUnderAppBar = (theme: Theme): CSSObject => heightsAsTop(theme.mixins.toolbar);
