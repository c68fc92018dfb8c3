import { useState } from 'react';

/**
 * Whether `open` has been true since the component mounted: a menu or dialog that stays closed
 * on most visits renders nothing until first opened (its first render then plays the opening
 * transition), and stays mounted afterwards so that it can play the closing one. A closed MUI
 * Menu or Dialog still renders its Popover, Modal and their hooks and styles in every render of
 * what holds it (the signed-in shell's first render, each new unread count).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Derived while rendering (React's documented pattern for state from props): no extra commit.
  if (open && !opened) setOpened(true);
  return opened || open;
}
