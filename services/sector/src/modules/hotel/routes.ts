import type { Router } from 'express';
import {
  availableRoomsQuerySchema,
  reservationActionSchema,
  reservationInputSchema,
  reservationListQuerySchema,
  roomInputSchema,
  roomListQuerySchema,
} from '@xaalis/contracts';
import { caseSensitiveRouter, requireSameCompany, tenantOf, validate, validated, type ServiceContext } from '@xaalis/service-kit';
import { clientOf, companyOf } from '../routing';
import { hotelService } from './service';

/**
 * Hotel ('Gestion Hôtelière'): rooms, reservations and their life cycle, the
 * stay's invoice, all under `/companies/:companyId/...` of the caller's
 * company (another company's is a 404). Module gating ('hotel') is the sector
 * service's central middleware: every path starts with rooms or reservations.
 */
export function hotelApi(ctx: ServiceContext): Router {
  const hotel = hotelService(ctx.sequelize, clientOf(ctx, 'accounting'));
  const router = caseSensitiveRouter();
  const base = '/companies/:companyId';
  const id = (params: Record<string, string | string[]>) => String(params.id);

  // ---------------------------------------------------------------- rooms
  router.get(`${base}/rooms`, requireSameCompany, validate({ query: roomListQuerySchema }), async (req, res) => {
    res.json(await hotel.listRooms(companyOf(req), validated(req, 'query', roomListQuerySchema)));
  });

  router.post(`${base}/rooms`, requireSameCompany, validate({ body: roomInputSchema }), async (req, res) => {
    res.status(201).json(await hotel.createRoom(companyOf(req), validated(req, 'body', roomInputSchema)));
  });

  // The four cards (declared before /rooms/:id).
  router.get(`${base}/rooms/summary`, requireSameCompany, async (req, res) => {
    res.json(await hotel.summary(companyOf(req)));
  });

  // Rooms free for [from, to) and not in maintenance: the reservation dialog's choice.
  router.get(`${base}/rooms/available`, requireSameCompany, validate({ query: availableRoomsQuerySchema }), async (req, res) => {
    const { from, to } = validated(req, 'query', availableRoomsQuerySchema);
    res.json(await hotel.listAvailableRooms(companyOf(req), from, to));
  });

  router.get(`${base}/rooms/:id`, requireSameCompany, async (req, res) => {
    res.json(await hotel.getRoom(companyOf(req), id(req.params)));
  });

  router.put(`${base}/rooms/:id`, requireSameCompany, validate({ body: roomInputSchema }), async (req, res) => {
    res.json(await hotel.updateRoom(companyOf(req), id(req.params), validated(req, 'body', roomInputSchema)));
  });

  // ---------------------------------------------------------------- reservations
  router.get(`${base}/reservations`, requireSameCompany, validate({ query: reservationListQuerySchema }), async (req, res) => {
    res.json(await hotel.listReservations(companyOf(req), validated(req, 'query', reservationListQuerySchema)));
  });

  router.post(`${base}/reservations`, requireSameCompany, validate({ body: reservationInputSchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.status(201).json(await hotel.createReservation(companyId, validated(req, 'body', reservationInputSchema), userId));
  });

  router.get(`${base}/reservations/:id`, requireSameCompany, async (req, res) => {
    res.json(await hotel.getReservation(companyOf(req), id(req.params)));
  });

  const action = (path: string, run: (companyId: string, id: string) => Promise<unknown>) =>
    router.post(`${base}/reservations/:id/${path}`, requireSameCompany, validate({ body: reservationActionSchema }), async (req, res) => {
      res.json(await run(companyOf(req), id(req.params)));
    });
  action('check-in', hotel.checkIn);
  action('check-out', hotel.checkOut);
  action('cancel', hotel.cancel);

  // 201 invoice created, 200 replay (same invoice), 202 waiting for the accounting service.
  router.post(`${base}/reservations/:id/invoice`, requireSameCompany, validate({ body: reservationActionSchema }), async (req, res) => {
    const { companyId, userId, role } = tenantOf(req);
    const { reservation, outcome } = await hotel.invoice(companyId, id(req.params), { userId, role });
    res.status(outcome === 'created' ? 201 : outcome === 'replayed' ? 200 : 202).json(reservation);
  });

  return router;
}
