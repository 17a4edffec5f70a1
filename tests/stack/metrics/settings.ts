// Where the metrics stack (`stack:up --metrics`) keeps things: a broker with the Prometheus JMX exporter
// as a Java agent and Debian's `prometheus` scraping it, in <stackDir>/metrics/.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheDir, logFile, stackDir } from '../paths.ts';

/** The newest release Maven Central serves (its maven-metadata.xml lists up to 1.0.1). */
export const AGENT_VERSION = '1.0.1';
export const AGENT_ARTIFACT = `io.prometheus.jmx:jmx_prometheus_javaagent:${AGENT_VERSION}`;
export const agentDir = join(cacheDir, 'jmx-exporter');
export const agentJar = join(agentDir, `jmx_prometheus_javaagent-${AGENT_VERSION}.jar`);
/** The exporter project's Kafka example rules, restated (see the file's head). */
export const rulesFile = fileURLToPath(new URL('kafka-rules.yml', import.meta.url));

/** Seconds between scrapes: short, so a test sees its records counted within seconds. */
export const SCRAPE_SECONDS = 5;
/** The job name Prometheus gives the broker's series (its `job` label). */
export const SCRAPE_JOB = 'kafka';

export const metricsDir = join(stackDir, 'metrics');
export const metricsStateFile = join(metricsDir, 'state.json');
export const leasesDir = join(metricsDir, 'leases');
/** KAFKA_BOOTSTRAP, PROMETHEUS_URL, EXPORTER_URL: for a shell or a console config. */
export const metricsEnvFile = join(stackDir, 'metrics.env');

export const kafkaLog = logFile('kafka-metrics.log');
export const kafkaOut = logFile('kafka-metrics.out');
export const prometheusLog = logFile('prometheus.log');

/** Debian's package installs it here; PROMETHEUS_BIN points elsewhere. */
export const prometheusBinary = () => process.env.PROMETHEUS_BIN ?? 'prometheus';
