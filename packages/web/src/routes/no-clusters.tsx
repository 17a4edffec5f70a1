import { LoadingScreen } from '../components/loading-screen';

export function NoClusters() {
  return (
    <LoadingScreen>
      <p>No cluster is configured, or none is visible to you.</p>
    </LoadingScreen>
  );
}
