/** Chakra's RadioCard, RadioGroup, with their recipes (see addRecipes in theme.ts). */
import { radioCardSlotRecipe, radioGroupSlotRecipe, radiomarkRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme';

addRecipes({ recipes: { radiomark: radiomarkRecipe }, slotRecipes: { radioCard: radioCardSlotRecipe, radioGroup: radioGroupSlotRecipe } });

export { RadioCard, RadioGroup } from '@chakra-ui/react';
