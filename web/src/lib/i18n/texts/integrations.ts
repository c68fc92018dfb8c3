import { addTexts } from '@/lib/i18n';
import texts from '@/locales/en-US/integrations.json';

// The integrations namespace's en-US texts, in the chunk of the code that uses them (src/lib/i18n).
addTexts('integrations', texts);
