import { benchComputerRequests } from './computer-requests';
import { benchHookOverhead } from './hook-overhead';
import { benchInstallWeight } from './install-weight';
import { benchIntake } from './intake';
import { benchOutage } from './outage';
import { benchPushFanout } from './push/push-fanout';
import { benchPushStall } from './push/push-stall';
import { benchCluster } from './relay-cluster';
import { benchRelay } from './relay-throughput';
import { benchRingLatency } from './ring-latency';
import { benchRingSchedule } from './ring-schedule';
import { benchSpokenQuestion } from './spoken-question';
import { benchVoicePrepare } from './voice-prepare';

// Benchmarks print figures; they never assert timings (tests do not time things).
const only = process.argv[2];
if (!only || only === 'hook') await benchHookOverhead();
if (!only || only === 'intake') await benchIntake();
if (!only || only === 'outage') await benchOutage();
if (!only || only === 'relay') await benchRelay();
if (!only || only === 'cluster') await benchCluster(process.argv[3] === 'ingest');
if (!only || only === 'push') await benchPushFanout();
if (!only || only === 'push-stall') await benchPushStall();
if (!only || only === 'ring') await benchRingLatency();
if (!only || only === 'schedule') await benchRingSchedule();
if (!only || only === 'voices') await benchVoicePrepare();
if (!only || only === 'computer') await benchComputerRequests();
if (!only || only === 'spoken') await benchSpokenQuestion();
if (!only || only === 'install') await benchInstallWeight();
