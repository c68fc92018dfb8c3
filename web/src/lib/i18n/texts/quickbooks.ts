import { addTexts } from '@/lib/i18n';
import texts from '@/locales/en-US/quickbooks.json';

// The quickbooks namespace's en-US texts, in the chunk of the code that uses them (src/lib/i18n).
addTexts('quickbooks', texts);
