/**
 * Styles (`sx`) of text read by screen readers, not shown. Strings: in `sx` a number ≤ 1 would
 * mean a percentage, a box as large as its container's.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
