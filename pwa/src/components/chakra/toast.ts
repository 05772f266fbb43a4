/** Chakra's Toast and Toaster, with the toasts' recipe (see addRecipes in theme.ts). */
import { toastSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme';

addRecipes({ slotRecipes: { toast: toastSlotRecipe } });

export { Toast, Toaster } from '@chakra-ui/react';
