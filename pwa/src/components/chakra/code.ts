/** Chakra's Code, with its recipe (see addRecipes in theme.ts). */
import { codeRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme';

addRecipes({ recipes: { code: codeRecipe } });

export { Code } from '@chakra-ui/react';
