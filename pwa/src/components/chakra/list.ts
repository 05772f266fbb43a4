/** Chakra's List, with its recipe (see addRecipes in theme.ts). */
import { listSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme';

addRecipes({ slotRecipes: { list: listSlotRecipe } });

export { List } from '@chakra-ui/react';
