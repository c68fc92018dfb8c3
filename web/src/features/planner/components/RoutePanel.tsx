import SearchOffIcon from '@mui/icons-material/SearchOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_HEIGHT, PLAN_CARD_HEIGHT, SKELETONS } from '../model/constants';
import { detourCostsApplied } from '../model/format';
import type { PlanFormValues } from '../model/plan-form';
import type { DetourBasis } from '../model/station-net-saving';
import type { ChainOption, FuelPlan, Station } from '../model/types';
import { AssistantForm } from './AssistantForm';
import { ChainSelect } from './ChainSelect';
import { PlanSummary } from './PlanSummary';
import { StationSkeletons } from './StationList';
import { StationResults } from './StationResults';
import '@/lib/i18n/texts/planner';

type CardProps = Pick<ComponentProps<typeof StationResults>, 'chains' | 'affiliates' | 'expanded' | 'onToggle' | 'revealed' | 'now'>;

interface RoutePanelProps extends CardProps {
  nearRouteStations: readonly Station[] | undefined;
  nearRouteLoading: boolean;
  plan: FuelPlan | undefined;
  /** Kept from a dropped plan that weighed detour costs: near-route cards show their net saving. */
  detourBasis?: DetourBasis | null;
  planLoading: boolean;
  planError: string | null;
  chainOptions: readonly ChainOption[];
  chainCodes: string[];
  onChainCodesChange: (chainCodes: string[]) => void;
  onFindBest: (values: PlanFormValues) => void;
  onShowAllNearRoute: () => void;
  onClearRoute: () => void;
  onDismissPlanError: () => void;
  /** Actions on the shown plan (e.g. "Save as trip"), below its summary. */
  planActions?: ReactNode;
}

function LoadingLine({ text }: { text: string }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', px: 2, py: 1.5 }} role="status">
      <CircularProgress aria-hidden size={18} />
      <Typography variant="body2" color="textSecondary">
        {text}
      </Typography>
    </Stack>
  );
}

function Heading({ children, action }: { children: string; action?: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, pt: 2, pb: 1 }}>
      <Typography variant="h3" component="h2">
        {children}
      </Typography>
      {action}
    </Stack>
  );
}

/** Left panel with a route: the assistant, then the best plan or the stations near the route. */
export function RoutePanel(props: RoutePanelProps) {
  const { t } = useTranslation('planner');
  const { plan, planLoading, nearRouteLoading, nearRouteStations } = props;
  const cardProps: CardProps = { chains: props.chains, affiliates: props.affiliates, expanded: props.expanded, onToggle: props.onToggle, revealed: props.revealed, now: props.now };

  let results: ReactNode;
  if (planLoading) {
    results = (
      <>
        <LoadingLine text={t('assistant.findingBest')} />
        <StationSkeletons count={SKELETONS.plan} height={PLAN_CARD_HEIGHT.collapsed} />
      </>
    );
  } else if (plan) {
    results = (
      <>
        <Heading
          action={
            <Button size="small" variant="outlined" onClick={props.onShowAllNearRoute}>
              {t('assistant.showAllNearRoute')}
            </Button>
          }
        >
          {t('assistant.bestOptions', { count: plan.fuelPlan.length })}
        </Heading>
        {plan.fuelPlan.length > 0 ? (
          <>
            <PlanSummary
              plan={plan}
              chainNames={props.chainCodes.map((code) => props.chainOptions.find((chain) => chain.value === code)?.label ?? code)}
            />
            {props.planActions && <Box sx={{ mx: 2, mb: 1.5 }}>{props.planActions}</Box>}
            <StationResults planEntries={plan.fuelPlan} withDetour={detourCostsApplied(plan)} {...cardProps} />
          </>
        ) : (
          <>
            <Alert severity="success" sx={{ mx: 2 }} data-testid="no-stop-needed">
              {t('plan.noStopNeeded')}
            </Alert>
            {props.planActions && <Box sx={{ mx: 2, my: 1.5 }}>{props.planActions}</Box>}
          </>
        )}
      </>
    );
  } else if (nearRouteLoading) {
    results = (
      <>
        <LoadingLine text={t('assistant.findingStations')} />
        <StationSkeletons count={SKELETONS.nearRoute} height={CARD_HEIGHT.collapsed} />
      </>
    );
  } else {
    const stations = nearRouteStations ?? [];
    results = (
      <>
        <Heading>{t('assistant.nearRoute', { count: stations.length })}</Heading>
        <Box sx={{ px: 2, pb: 1.5 }}>
          <ChainSelect chains={props.chainOptions} value={props.chainCodes} onChange={props.onChainCodesChange} />
        </Box>
        {stations.length > 0 ? (
          <StationResults stations={stations} detourBasis={props.detourBasis} {...cardProps} />
        ) : (
          <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', px: 3, py: 4 }} data-testid="no-stations">
            <SearchOffIcon color="disabled" sx={{ fontSize: 48 }} />
            <Typography variant="h3" component="p">
              {t('assistant.noStationsTitle')}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {t('assistant.noStationsText')}
            </Typography>
            <Button variant="contained" onClick={props.onClearRoute}>
              {t('assistant.clearAndShowAll')}
            </Button>
          </Stack>
        )}
      </>
    );
  }

  return (
    <>
      <AssistantForm onSubmit={props.onFindBest} busy={planLoading} />
      {props.planError && (
        <Alert severity="error" onClose={props.onDismissPlanError} sx={{ mx: 2, mt: 1.5 }}>
          {props.planError}
        </Alert>
      )}
      {results}
    </>
  );
}
