import type { SystemStyleObject } from '@chakra-ui/react';

/** A column's width on a screen wide enough for it (narrower on a phone: the next one peeks in). */
export const COLUMN_WIDTH_PX = 272;
/** The space between columns (Chakra spacing 3). */
export const COLUMN_GAP_PX = 12;
/** A column's list is the window's height less this much (the page above and below it), by width. */
export const LIST_HEIGHT_OFFSET_PX = { base: 240, md: 260 } as const;
/** A column's list is at least this tall (Chakra spacing 24), so a card can be dropped in an empty one. */
export const LIST_MIN_HEIGHT_PX = 96;

/** The class of the board's root element, which its styles are scoped under. */
export const BOARD_CLASS = 'funnel-board';

/**
 * The board's styles: columns and cards are plain elements with these classes, so 500 cards cost no
 * per-card style work. Part of the theme's global CSS (theme-config.ts), under the board's root
 * class: the build writes them to the theme's stylesheet, and the page computes nothing for them.
 */
const boardStyles: SystemStyleObject = {
  // The columns scroll sideways inside the board, never the page; on a phone one column at a time
  // snaps into place, with the next one peeking in.
  '& .board-scroller': {
    overflowX: 'auto',
    pb: '2',
    scrollSnapType: { base: 'x proximity', md: 'none' },
    scrollPaddingInline: '1',
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.solid', outlineOffset: '2px' },
  },
  '& .board-columns': {
    display: 'flex',
    gap: `${COLUMN_GAP_PX}px`,
    alignItems: 'flex-start',
    minWidth: 'max-content',
  },
  '& .board-column': {
    width: { base: `min(${COLUMN_WIDTH_PX}px, calc(100vw - 64px))`, md: `${COLUMN_WIDTH_PX}px` },
    flexShrink: 0,
    scrollSnapAlign: 'start',
    display: 'flex',
    flexDirection: 'column',
    bg: 'bg.muted',
    borderRadius: 'lg',
    borderWidth: '1px',
  },
  '& .board-column__header': {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '2',
    px: '3',
    py: '2',
    borderTopRadius: 'lg',
    // Under the status's gradient (inline style): the panel colour of the mode, so the blend, and
    // with it the text's contrast, is known in light and dark (≥ 4.5:1 at both ends of the gradient).
    bgColor: 'bg.panel',
    color: 'fg',
  },
  '& .board-column__title': { fontSize: 'xs', fontWeight: 'bold', letterSpacing: 'wide' },
  '& .board-column__count': { fontSize: 'sm', fontWeight: 'semibold' },
  // The list scrolls; only the cards near its visible part are in the page (useColumnWindow), each
  // in a slot placed at its offset, so the cards' box is as tall as all of them.
  '& .board-column__list': {
    px: '2',
    minHeight: `${LIST_MIN_HEIGHT_PX}px`,
    maxHeight: {
      base: `calc(100dvh - ${LIST_HEIGHT_OFFSET_PX.base}px)`,
      md: `calc(100dvh - ${LIST_HEIGHT_OFFSET_PX.md}px)`,
    },
    overflowY: 'auto',
    overflowAnchor: 'none',
    borderRadius: 'md',
  },
  '& .board-column__cards': { position: 'relative', width: '100%' },
  '& .board-column__slot': { position: 'absolute', top: 0, left: 0, width: '100%' },
  '& .board-column__list[data-over]': { bg: 'colorPalette.subtle' },
  '& .board-column__empty': { color: 'fg.muted', fontSize: 'sm', textAlign: 'center', py: '4' },
  '& .board-column__footer': { px: '2', pb: '2', display: 'flex', flexDirection: 'column', gap: '1' },
  '& .board-column__shown': { color: 'fg.muted', fontSize: 'xs', textAlign: 'center' },
  '& .board-column__error': { color: 'fg.error', fontSize: 'xs' },
  '& .board-card': {
    display: 'flex',
    flexDirection: 'column',
    gap: '1',
    width: '100%',
    textAlign: 'start',
    bg: 'bg.panel',
    color: 'fg',
    borderWidth: '1px',
    borderRadius: 'md',
    px: '3',
    py: '2',
    cursor: 'grab',
    touchAction: 'manipulation',
    _hover: { borderColor: 'colorPalette.emphasized' },
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.solid', outlineOffset: '1px' },
  },
  '& .board-card[data-dragging]': { opacity: 0.4 },
  '& .board-card--overlay': { boxShadow: 'lg', cursor: 'grabbing' },
  '& .board-card__name': { display: 'block', fontWeight: 'semibold', fontSize: 'sm', lineClamp: 1 },
  '& .board-card__message': { display: 'block', fontSize: 'sm', color: 'fg.muted', lineClamp: 2 },
  '& .board-card__message[data-empty]': { fontStyle: 'italic' },
  '& .board-card__time': { display: 'block', fontSize: 'xs', color: 'fg.muted' },
  '& .board-card__flags': { display: 'flex', flexWrap: 'wrap', gap: '1' },
  '& .board-card__flag': {
    display: 'inline-block',
    fontSize: 'xs',
    fontWeight: 'medium',
    borderRadius: 'sm',
    px: '1.5',
    lineHeight: '1.6',
  },
  '& .board-card__flag[data-kind=needs-person]': { bg: 'orange.subtle', color: 'orange.fg' },
  '& .board-card__flag[data-kind=contact]': { bg: 'blue.subtle', color: 'blue.fg' },
  '& .board-card__note': { display: 'block', fontSize: 'xs', color: 'fg.muted', lineClamp: 2 },
};

/** The board's styles as global CSS of the theme, scoped under the board's root element. */
export const boardGlobalCss: Record<string, SystemStyleObject> = { [`.${BOARD_CLASS}`]: boardStyles };
