import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { statementRuleInputSchema, type StatementRule } from '@xaalis/contracts';
import { EditDeleteActions, EmptyState, ErrorState, LoadingState, serverMessage, toastFailure, toastSuccess } from '@xaalis/web-kit';
import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useDeleteStatementRuleMutation, useListStatementRulesQuery, useSaveStatementRuleMutation } from './api';

interface RuleDraft {
  id?: string;
  contains: string;
  accountCode: string;
}

const NEW_RULE: RuleDraft = { contains: '', accountCode: '' };
type RuleErrors = Partial<Record<'contains' | 'accountCode', string>>;

/** « Le libellé contient FRAIS → compte 631 (Frais bancaires) » */
export const ruleText = (rule: StatementRule) =>
  `Le libellé contient « ${rule.contains} » → compte ${rule.accountCode}${rule.accountName ? ` (${rule.accountName})` : ''}`;

/** The rule form's French errors by field (statementRuleInputSchema), or null when it is valid. */
function ruleErrors(draft: RuleDraft): RuleErrors | null {
  const parsed = statementRuleInputSchema.safeParse(draft);
  if (parsed.success) return null;
  const errors: RuleErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'contains' || field === 'accountCode') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** 'Règles': the company's labelling rules (a statement line whose label contains X goes to account Y). */
export function StatementRulesDialog({ open, onClose, companyId }: { open: boolean; onClose: () => void; companyId: string | null }) {
  const titleId = useId();
  const rules = useListStatementRulesQuery(open && companyId ? companyId : skipToken);
  const [save, saveState] = useSaveStatementRuleMutation();
  const [remove, removeState] = useDeleteStatementRuleMutation();
  const [draft, setDraft] = useState<RuleDraft>(NEW_RULE);
  const [errors, setErrors] = useState<RuleErrors>({});
  const busy = saveState.isLoading || removeState.isLoading;

  const onSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const invalid = ruleErrors(draft);
    setErrors(invalid ?? {});
    if (invalid || !companyId) return;
    try {
      await save({ companyId, id: draft.id, body: { contains: draft.contains, accountCode: draft.accountCode } }).unwrap();
      toastSuccess(draft.id ? 'Règle modifiée' : 'Règle ajoutée');
      setDraft(NEW_RULE);
    } catch (error) {
      // An unknown account is the server's to say (the chart is the company's).
      setErrors({ accountCode: serverMessage(error) });
      toastFailure(error, "Erreur lors de l'enregistrement de la règle");
    }
  };

  const onDelete = async (rule: StatementRule) => {
    if (!companyId) return;
    try {
      await remove({ companyId, id: rule.id }).unwrap();
      toastSuccess('Règle supprimée');
      if (draft.id === rule.id) setDraft(NEW_RULE);
    } catch (error) {
      toastFailure(error, 'Erreur lors de la suppression de la règle');
    }
  };

  let list: ReactNode;
  if (rules.isError && !rules.data)
    list = <ErrorState error={rules.error} onRetry={() => void rules.refetch()} title="Impossible de charger les règles" />;
  else if (!rules.data) list = <LoadingState rows={2} />;
  else if (rules.data.length === 0)
    list = <EmptyState title="Aucune règle" description="Ex. : le libellé contient « FRAIS » → compte 631 Frais bancaires." />;
  else
    list = (
      <Box component="ul" aria-label="Règles" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rules.data.map((rule) => (
          <Box
            component="li"
            key={rule.id}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
          >
            <Typography variant="body2" sx={{ flex: 1 }}>
              {ruleText(rule)}
            </Typography>
            <EditDeleteActions
              item={rule}
              name={`la règle « ${rule.contains} »`}
              onEdit={(r) => {
                setErrors({});
                setDraft({ id: r.id, contains: r.contains, accountCode: r.accountCode });
              }}
              onDelete={(r) => void onDelete(r)}
            />
          </Box>
        ))}
      </Box>
    );

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Règles d'affectation</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          Une ligne de relevé dont le libellé contient le texte est proposée sur le compte choisi.
        </Typography>
        {list}
        <Box
          component="form"
          noValidate
          aria-label={draft.id ? 'Modifier la règle' : 'Nouvelle règle'}
          onSubmit={(event) => void onSubmit(event)}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
        >
          <TextField
            size="small"
            label="Le libellé contient"
            value={draft.contains}
            onChange={(e) => setDraft({ ...draft, contains: e.target.value })}
            error={Boolean(errors.contains)}
            helperText={errors.contains}
          />
          <TextField
            size="small"
            label="Compte"
            value={draft.accountCode}
            onChange={(e) => setDraft({ ...draft, accountCode: e.target.value })}
            error={Boolean(errors.accountCode)}
            helperText={errors.accountCode}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ width: 120 }}
          />
          <Button type="submit" variant="contained" disabled={busy || !companyId}>
            {draft.id ? 'Enregistrer' : 'Ajouter la règle'}
          </Button>
          {draft.id ? (
            <Button onClick={() => setDraft(NEW_RULE)} disabled={busy}>
              Annuler la modification
            </Button>
          ) : null}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Fermer
        </Button>
      </DialogActions>
    </Dialog>
  );
}
