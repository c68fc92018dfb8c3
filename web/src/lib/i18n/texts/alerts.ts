import { addTexts } from '@/lib/i18n';
import texts from '@/locales/en-US/alerts.json';

// The alerts namespace's en-US texts, in the chunk of the code that uses them (src/lib/i18n).
addTexts('alerts', texts);
