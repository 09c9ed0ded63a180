import { useParams } from 'react-router';
import { PhotoDetails } from '../../features/photos/components/photo-details';
import { MakeThisMenu } from './make-this-menu';

export function PhotoRoute() {
  const { photoId = '' } = useParams();
  return <PhotoDetails photoId={photoId} actions={(photo) => <MakeThisMenu photo={photo} />} />;
}
