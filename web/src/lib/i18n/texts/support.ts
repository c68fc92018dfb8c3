import { addTexts } from '@/lib/i18n';
import texts from '@/locales/en-US/support.json';

// The support namespace's en-US texts, in the chunk of the code that uses them (src/lib/i18n).
addTexts('support', texts);
