import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { MESSAGES_RESTAURANT, RECIPE_CATEGORY_LABELS, type Recipe } from '@xaalis/contracts';
import { EditDeleteActions, formatMoney } from '@xaalis/web-kit';
import { ArticleCard, Fact, Facts } from '../../ui/cards';
import { formatMargin, formatQuantity, moneyOrDash, unitLabel } from './format';

export interface RecipeCardProps {
  recipe: Recipe;
  /** The actions; none without them (a role that may not change the module). */
  onServe?: (recipe: Recipe) => void;
  onEdit?: (recipe: Recipe) => void;
  onDelete?: (recipe: Recipe) => void;
}

/** A recipe: category, servings, time (preparation + cooking), cost, cost per serving, price, margin and ingredients. */
export function RecipeCard({ recipe, onServe, onEdit, onDelete }: RecipeCardProps) {
  const facts: [string, string][] = [
    ['Portions', String(recipe.servings)],
    ['Temps', `${recipe.totalTime} min`],
    ['Coût total', moneyOrDash(recipe.totalCost)],
    ['Coût par portion', moneyOrDash(recipe.costPerServing)],
    ['Prix de vente', formatMoney(recipe.sellingPrice)],
    ['Marge', formatMargin(recipe.margin)],
  ];
  const negativeMargin = recipe.margin?.startsWith('-') ?? false;
  return (
    <ArticleCard
      title={recipe.name}
      subtitle={recipe.description}
      badge={<Chip size="small" label={RECIPE_CATEGORY_LABELS[recipe.category] ?? recipe.category} />}
    >
      <Facts>
        {facts.map(([label, value]) => (
          <Fact
            key={label}
            label={label}
            color={label === 'Marge' && negativeMargin ? 'error' : undefined}
            valueSx={label === 'Marge' ? { fontWeight: 600 } : {}}
          >
            {value}
          </Fact>
        ))}
      </Facts>
      <Divider />
      <Typography variant="subtitle2" component="h4">
        Ingrédients
      </Typography>
      {recipe.ingredients.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Aucun ingrédient
        </Typography>
      ) : (
        <Box component="ul" aria-label={`Ingrédients de ${recipe.name}`} sx={{ m: 0, pl: 2.5 }}>
          {recipe.ingredients.map((ingredient) => (
            <Typography component="li" variant="body2" key={ingredient.id}>
              {`${ingredient.itemName ?? MESSAGES_RESTAURANT.unknownValue} — ${formatQuantity(ingredient.quantity)} ${unitLabel(ingredient.unit)} (${moneyOrDash(ingredient.cost)})`}
            </Typography>
          ))}
        </Box>
      )}
      {onServe || onEdit || onDelete ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 'auto', pt: 1 }}>
          {onServe ? (
            <Button
              size="small"
              variant="outlined"
              disabled={recipe.ingredients.length === 0}
              onClick={() => onServe(recipe)}
              aria-label={`Servir ${recipe.name}`}
            >
              Servir
            </Button>
          ) : null}
          <Box sx={{ flex: 1 }} />
          <EditDeleteActions item={recipe} name={recipe.name} onEdit={onEdit} onDelete={onDelete} />
        </Box>
      ) : null}
    </ArticleCard>
  );
}
