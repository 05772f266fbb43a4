/** Chakra's RadioCard and RadioGroup, with their recipes and their mark's (see addRecipes in theme.ts). */
import { radioCardSlotRecipe, radioGroupSlotRecipe, radiomarkRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme';

addRecipes({ recipes: { radiomark: radiomarkRecipe }, slotRecipes: { radioCard: radioCardSlotRecipe, radioGroup: radioGroupSlotRecipe } });

export { RadioCard, RadioGroup } from '@chakra-ui/react';
