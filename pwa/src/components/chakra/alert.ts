/** Chakra's Alert, with its recipe (see addRecipes in theme.ts). */
import { alertSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme';

addRecipes({ slotRecipes: { alert: alertSlotRecipe } });

export { Alert } from '@chakra-ui/react';
