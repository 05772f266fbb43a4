/** Chakra's QrCode, with its recipe (see addRecipes in theme.ts). */
import { qrCodeSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme';

addRecipes({ slotRecipes: { qrCode: qrCodeSlotRecipe } });

export { QrCode } from '@chakra-ui/react';
