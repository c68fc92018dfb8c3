import LocalGasStationIcon from '@mui/icons-material/LocalGasStation';
import Avatar from '@mui/material/Avatar';
import { useState } from 'react';

interface ChainLogoProps {
  src: string;
  alt: string;
  size?: number;
}

/** A chain's logo; a failed image load shows the fallback fuel icon (docs/product.md §2.7). */
export function ChainLogo({ src, alt, size = 40 }: ChainLogoProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  return (
    <Avatar
      variant="rounded"
      src={failed ? undefined : src}
      alt={alt}
      data-testid={failed ? 'chain-logo-fallback' : 'chain-logo'}
      slotProps={{ img: { onError: () => setFailedSrc(src), loading: 'lazy' } }}
      sx={{ width: size, height: size, bgcolor: failed ? 'rgba(53,194,122,0.14)' : '#fff', color: 'primary.main', p: failed ? 0 : 0.25, '& img': { objectFit: 'contain' } }}
    >
      <LocalGasStationIcon fontSize="small" />
    </Avatar>
  );
}
