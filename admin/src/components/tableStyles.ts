import type { SxProps, Theme } from '@mui/material';

/** Lists: one-line column headers, and row action buttons that stay on one line. */
export const listTableSx: SxProps<Theme> = {
  '& .MuiTableCell-head': { whiteSpace: 'nowrap' },
};

/** A cell kept on one line (names, dates, action buttons). */
export const noWrap = () => ({ whiteSpace: 'nowrap' as const });

/**
 * A list whose table is wider than the screen scrolls sideways inside its card, never the whole page:
 * the list takes the page's width without letting its table's width push the page wider.
 */
export const scrollableListSx: SxProps<Theme> = {
  width: 0,
  minWidth: '100%',
  '& .RaList-main': { minWidth: 0 },
  // The table scrolls, not the list's content: the bulk actions bar slides in above the table.
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
};
