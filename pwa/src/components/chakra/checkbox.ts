/** Chakra's Checkbox, with their recipes (see addRecipes in theme.ts). */
import { checkboxSlotRecipe, checkmarkRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme';

addRecipes({ recipes: { checkmark: checkmarkRecipe }, slotRecipes: { checkbox: checkboxSlotRecipe } });

export { Checkbox } from '@chakra-ui/react';
