import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface LegalSection {
  number?: number;
  title: string;
  body: string;
}

/** Numbered (or plain) sections of a legal text. */
export function LegalSections({ sections }: { sections: LegalSection[] }) {
  return (
    <Stack component="ol" spacing={2.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {sections.map((section) => (
        <li key={section.title}>
          <Typography variant="h3" component="h2" sx={{ mb: 0.75 }}>
            {section.number !== undefined ? `${section.number}. ${section.title}` : section.title}
          </Typography>
          <Typography color="textSecondary" sx={{ lineHeight: 1.7 }}>
            {section.body}
          </Typography>
        </li>
      ))}
    </Stack>
  );
}
