#include "core/analysis/bank_report.hpp"

#include "core/ground/step_label.hpp"

#include <nlohmann/json.hpp>

namespace prefixlab {

namespace {

nlohmann::json totals_json(const BankTotals& t) {
    return {{"loads", t.loads},
            {"stores", t.stores},
            {"load_conflicts", t.load_conflicts},
            {"store_conflicts", t.store_conflicts},
            {"atomics", t.atomics},
            {"atomic_conflicts", t.atomic_conflicts},
            {"atomic_lanes_waiting", t.serialised}};
}

nlohmann::json global_json(const CoalescingTotals& t) {
    return {{"load_requests", t.load_requests},
            {"load_sectors", t.load_sectors},
            {"store_requests", t.store_requests},
            {"store_sectors", t.store_sectors},
            {"reduction_requests", t.reduction_requests},
            {"reduction_sectors", t.reduction_sectors},
            {"atomic_requests", t.atomic_requests},
            {"atomic_sectors", t.atomic_sectors}};
}

} // namespace

std::string bank_report_json(const Trace& trace, const BankAnalysis& analysis, const CoalescingAnalysis& global) {
    nlohmann::json steps = nlohmann::json::array();
    for (std::size_t k = 0; k < trace.steps.size(); ++k) {
        nlohmann::json step = totals_json(analysis.steps[k]);
        step["global"] = global_json(global.steps[k]);
        step["step"] = k;
        step["label"] = step_label(trace.steps[k].tag);
        steps.push_back(std::move(step));
    }
    const nlohmann::json report = {
        {"algorithm", name_of(trace.config.algorithm)},
        {"n", trace.config.n},
        {"block_threads", trace.config.block_threads},
        {"element_type", name_of(trace.config.type)},
        {"exclusive", trace.config.exclusive},
        {"totals", totals_json(analysis.total)},
        {"global_totals", global_json(global.total)},
        {"steps", std::move(steps)},
        {"nsight_compute",
         {{"loads", kNcuLoadInstructions},
          {"stores", kNcuStoreInstructions},
          {"load_conflicts", std::string(kNcuLoadWavefronts) + " - " + kNcuLoadInstructions},
          {"store_conflicts", std::string(kNcuStoreWavefronts) + " - " + kNcuStoreInstructions},
          {"atomics", kNcuAtomicInstructions},
          {"atomic_conflicts", std::string(kNcuAtomicWavefronts) + " - " + kNcuAtomicInstructions},
          {"load_requests", kNcuGlobalLoadRequests},
          {"load_sectors", kNcuGlobalLoadSectors},
          {"store_requests", kNcuGlobalStoreRequests},
          {"store_sectors", kNcuGlobalStoreSectors},
          {"reduction_requests", kNcuGlobalReductionRequests},
          {"reduction_sectors", kNcuGlobalReductionSectors},
          {"atomic_requests", kNcuGlobalAtomicRequests},
          {"atomic_sectors", kNcuGlobalAtomicSectors}}},
    };
    return report.dump(2);
}

} // namespace prefixlab
