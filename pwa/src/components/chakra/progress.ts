/** Chakra's Progress, with its recipe (see addRecipes in theme.ts). */
import { progressSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme';

addRecipes({ slotRecipes: { progress: progressSlotRecipe } });

export { Progress } from '@chakra-ui/react';
