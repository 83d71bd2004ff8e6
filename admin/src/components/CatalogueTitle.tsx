import { Avatar, Box, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';

/** What a catalogue list row shows of its record (a product or a game): its picture, title and store address. */
interface CatalogueRecord {
  title: string;
  slug: string;
  imageUrl: string;
}

/** The record's picture, or its title's first letter on a coloured square. */
export function CatalogueThumbnail({ size = 40 }: { size?: number }) {
  const record = useRecordContext<CatalogueRecord>();
  if (!record) return null;
  return (
    <Avatar variant="rounded" src={record.imageUrl || undefined} alt="" sx={{ width: size, height: size, bgcolor: 'primary.main' }}>
      {record.title.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}

/** A list cell: the picture, then the title over its storefront address. */
export function CatalogueTitleCell() {
  const record = useRecordContext<CatalogueRecord>();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <CatalogueThumbnail />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {record.title}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          /products/{record.slug}
        </Typography>
      </Box>
    </Box>
  );
}
