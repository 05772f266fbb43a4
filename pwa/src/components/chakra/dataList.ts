/** Chakra's DataList, with its recipe (see addRecipes in theme.ts). */
import { dataListSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme';

addRecipes({ slotRecipes: { dataList: dataListSlotRecipe } });

export { DataList } from '@chakra-ui/react';
