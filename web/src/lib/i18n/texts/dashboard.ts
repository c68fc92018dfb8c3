import { addTexts } from '@/lib/i18n';
import texts from '@/locales/en-US/dashboard.json';

// The dashboard namespace's en-US texts, in the chunk of the code that uses them (src/lib/i18n).
addTexts('dashboard', texts);
