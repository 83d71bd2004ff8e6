import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { Box } from '@mui/material';
import { useRecordContext } from 'react-admin';
// The storefront's own badge look, so the preview matches what shoppers see.
import { promotionBadgeStyle } from '@topup/common';
import type { AdminPromotion } from '@topup/common/api';

/** A promotion as the storefront's home page shows it: a small pill on the hero banner. */
export function PromotionBadge({ text, backgroundColor, dimmed = false }: { text: string; backgroundColor: unknown; dimmed?: boolean }) {
  const style = promotionBadgeStyle(backgroundColor);
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        maxWidth: '100%',
        px: 1.5,
        py: 0.75,
        borderRadius: 999,
        fontSize: 13,
        fontWeight: 700,
        lineHeight: 1.3,
        background: style.background,
        color: style.color,
        boxShadow: '0 8px 20px -8px rgba(0,0,0,0.6), inset 0 0 0 1px rgba(255,255,255,0.18)',
        opacity: dimmed ? 0.45 : 1,
        filter: dimmed ? 'grayscale(0.6)' : undefined,
      }}
    >
      <AutoAwesomeIcon sx={{ fontSize: 14 }} />
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {text}
      </Box>
    </Box>
  );
}

export function PromotionBadgeField(_props: { label?: string; source?: string }) {
  const promotion = useRecordContext<AdminPromotion>();
  if (!promotion) return null;
  return <PromotionBadge text={promotion.text} backgroundColor={promotion.backgroundColor} dimmed={!promotion.active} />;
}

/** The colour as a swatch and its hex code. */
export function ColorSwatchField(_props: { label?: string; source?: string }) {
  const promotion = useRecordContext<AdminPromotion>();
  if (!promotion) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, fontFamily: 'monospace', fontSize: 13 }}>
      <Box
        component="span"
        sx={{ width: 18, height: 18, borderRadius: 0.75, bgcolor: promotion.backgroundColor, border: 1, borderColor: 'divider' }}
      />
      {promotion.backgroundColor}
    </Box>
  );
}
