import { addTexts } from '@/lib/i18n';
import texts from '@/locales/en-US/vehicles.json';

// The vehicles namespace's en-US texts, in the chunk of the code that uses them (src/lib/i18n).
addTexts('vehicles', texts);
