/** Chakra's Switch, with its recipe (see addRecipes in theme.ts). */
import { switchSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme';

addRecipes({ slotRecipes: { switch: switchSlotRecipe } });

export { Switch } from '@chakra-ui/react';
