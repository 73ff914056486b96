export { OpenHousesService } from './open-houses.service';
