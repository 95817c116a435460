import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckRounded from '@mui/icons-material/CheckRounded';
import { useId } from 'react';
import { textColorOn, type ColorDto } from '@rally/contract';

/** The CSS background of a post colour (spec §3 color_gradient). */
export const gradientOf = (color: Pick<ColorDto, 'color_gradient'>) =>
  color.color_gradient.length > 1
    ? `linear-gradient(135deg, ${color.color_gradient.join(', ')})`
    : (color.color_gradient[0] ?? 'transparent');

const capitalized = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

interface Props {
  colors: readonly ColorDto[];
  value: number | null | undefined;
  onChange: (colorId: number) => void;
  disabled?: boolean;
}

/**
 * The colours of a celebration or bright idea as a row of round swatches: native radio buttons
 * underneath, so arrow keys move between them and a screen reader names each colour.
 */
export function ColorPicker({ colors, value, onChange, disabled }: Props) {
  const name = useId();
  const labelId = `${name}-label`;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
        Colour
      </Typography>
      <Box role="radiogroup" aria-labelledby={labelId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {colors.map((color) => {
          const checked = color.id === value;
          return (
            <Box
              key={color.id}
              component="label"
              title={capitalized(color.name)}
              sx={{ position: 'relative', display: 'inline-flex', cursor: disabled ? 'default' : 'pointer' }}
            >
              <Box
                component="input"
                type="radio"
                name={name}
                value={color.id}
                checked={checked}
                disabled={disabled}
                aria-label={capitalized(color.name)}
                onChange={() => onChange(color.id)}
                sx={{ position: 'absolute', opacity: 0, inset: 0, m: 0, cursor: 'inherit' }}
              />
              <Box
                aria-hidden
                sx={{
                  width: 32,
                  height: 32,
                  borderRadius: '50%',
                  background: gradientOf(color),
                  border: 1,
                  borderColor: 'divider',
                  display: 'grid',
                  placeItems: 'center',
                  color: textColorOn(color),
                  outline: checked ? 3 : 0,
                  outlineColor: 'primary.main',
                  outlineOffset: 2,
                  'input:focus-visible + &': { outline: 3, outlineColor: 'primary.dark', outlineOffset: 2 },
                }}
              >
                {checked && <CheckRounded fontSize="small" />}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
