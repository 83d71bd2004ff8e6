import { Box } from '@mui/material';
import { useState } from 'react';
import { useRecordContext } from 'react-admin';
import type { AdminRegion } from '@topup/common/api';
import { flagDisplay, GLOBAL_FLAG } from './flag';

/** A region's flag: its image, its emoji, or the global flag when it has none (or its image fails). */
export function RegionFlag({ flag, size = 24 }: { flag: unknown; size?: number }) {
  const display = flagDisplay(flag);
  const [broken, setBroken] = useState<string | null>(null);
  const box = { width: size, height: size, display: 'inline-flex', alignItems: 'center', justifyContent: 'center', flexShrink: 0 };
  if (display.kind === 'image' && broken !== display.src) {
    return (
      <Box
        component="img"
        src={display.src}
        alt=""
        onError={() => setBroken(display.src)}
        sx={{ ...box, objectFit: 'contain', borderRadius: 0.5 }}
      />
    );
  }
  return (
    <Box component="span" aria-hidden="true" sx={{ ...box, fontSize: size * 0.85, lineHeight: 1 }}>
      {display.kind === 'emoji' ? display.text : GLOBAL_FLAG}
    </Box>
  );
}

export function RegionFlagField(_props: { label?: string; source?: string }) {
  const region = useRecordContext<AdminRegion>();
  return region ? <RegionFlag flag={region.flag} /> : null;
}
