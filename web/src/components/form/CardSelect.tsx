import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { maskCardNumber } from '@/lib/format';

export interface CardSelectOption {
  cardNumber: string;
  driverName?: string | null;
}

/**
 * A filter's card choice: "all cards" (the empty value) or one card, named by its driver and
 * masked number. Not bound to a Form (the transactions and trips filters hold their own state).
 */
export function CardSelect({
  label,
  allLabel,
  value,
  cards,
  onChange,
  sx,
}: {
  label: string;
  allLabel: string;
  value: string;
  cards: readonly CardSelectOption[];
  onChange: (cardNumber: string) => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={sx}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {cards.map((card) => (
        <MenuItem key={card.cardNumber} value={card.cardNumber}>
          {card.driverName ? `${card.driverName} · ` : ''}
          {maskCardNumber(card.cardNumber)}
        </MenuItem>
      ))}
    </TextField>
  );
}
