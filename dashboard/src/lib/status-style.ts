import type { StatusDefinition } from '@reachly/shared/constants';
import type { CSSProperties } from 'react';

/** A veil over a strong status's gradient: white text on it keeps ≥ 4.5:1 at both ends of the gradient. */
const VEIL = 'linear-gradient(rgb(0 0 0 / 0.45), rgb(0 0 0 / 0.45))';

/**
 * The status's gradient (spec §3) as an inline background image, laid over the element's own
 * background colour (bg.panel: the element sets it, and its text colour fg): a strong status's
 * (white text) under a veil, a weak one's with the mode's text colour (black in light, white in dark).
 */
export function statusStyle(status: StatusDefinition): CSSProperties {
  return status.color === 'white'
    ? { backgroundImage: `${VEIL}, ${status.background}`, color: 'white' }
    : { backgroundImage: status.background };
}
